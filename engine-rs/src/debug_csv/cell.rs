//! One cell of a debug CSV as a number, by the rule the app's importer has always used: a finite
//! decimal (`[+-]?(digits[.digits?] | .digits)([eE][+-]?digits)?`), spaces around it allowed,
//! nothing else. So `0x10`, `1_000`, `NaN`, `Infinity`, `1e999` (beyond f64) and a blank cell
//! are not numbers. fast-float2 reads exactly that grammar when it reads the whole cell, and
//! rounds it correctly; what it would take besides (`inf`, `nan`, `infinity`, any case) ends in a
//! letter, where a decimal ends in a digit or a point, so those are refused before it is asked.
//!
//! "Spaces" are what JavaScript's `\s` and `String.prototype.trim` take (the ASCII tab, line
//! feed, vertical tab, form feed, carriage return and space, and the Unicode spaces, line and
//! paragraph separators and the byte-order mark U+FEFF): a file re-saved by a spreadsheet keeps
//! reading as it did with the TypeScript importer, character for character.

/// Whether `c` is a space by JavaScript's `\s`.
fn js_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'..='\u{200A}' | '\u{2028}' | '\u{2029}' | '\u{202F}' | '\u{205F}' | '\u{3000}' | '\u{FEFF}')
}

/// A cell's bytes that are not UTF-8 text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotUtf8;

/// `cell` without the spaces around it; an error when it is not UTF-8 (only looked at when it
/// has a byte beyond ASCII: an ASCII cell is UTF-8).
pub fn trimmed(cell: &[u8]) -> Result<&[u8], NotUtf8> {
    if cell.is_ascii() {
        let start = cell.iter().position(|&b| !js_space(char::from(b))).unwrap_or(cell.len());
        let end = cell.iter().rposition(|&b| !js_space(char::from(b))).map_or(start, |i| i + 1);
        return Ok(&cell[start..end]);
    }
    let text = core::str::from_utf8(cell).map_err(|_| NotUtf8)?;
    Ok(text.trim_matches(js_space).as_bytes())
}

/// Whether the cell holds nothing but spaces.
pub fn blank(cell: &[u8]) -> Result<bool, NotUtf8> {
    trimmed(cell).map(<[u8]>::is_empty)
}

/// What a cell holds when it is not a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotANumber {
    /// Nothing but spaces.
    Blank,
    /// Something else (text, a number beyond f64, another notation).
    Other,
    /// Bytes that are not UTF-8.
    NotUtf8,
}

/// The cell as a finite number.
pub fn number(cell: &[u8]) -> Result<f64, NotANumber> {
    // Most cells have no space around them: only those are trimmed (which looks at every byte).
    let bare = |b: Option<&u8>| b.is_some_and(|&b| b.is_ascii() && !js_space(char::from(b)));
    let s = if bare(cell.first()) && bare(cell.last()) { cell } else { trimmed(cell).map_err(|NotUtf8| NotANumber::NotUtf8)? };
    if s.is_empty() {
        return Err(NotANumber::Blank);
    }
    match fast_float2::parse_partial::<f64, _>(s) {
        Ok((x, read)) if read == s.len() && matches!(s.last(), Some(b'0'..=b'9' | b'.')) && x.is_finite() => Ok(x),
        _ if trimmed(cell).is_err() => Err(NotANumber::NotUtf8),
        _ => Err(NotANumber::Other),
    }
}

/// The cell as a message shows it: its text, cut after 40 characters.
pub fn shown(cell: &[u8]) -> String {
    let text = String::from_utf8_lossy(cell);
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        head + "…"
    } else {
        head
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_decimals_the_importer_always_took() {
        for (cell, value) in [
            ("1.5", 1.5),
            (" -2 ", -2.0),
            ("+.5", 0.5),
            ("1.", 1.0),
            ("1e3", 1000.0),
            ("-1.25E-2", -0.0125),
            ("007", 7.0),
            ("1e-999", 0.0),
            ("\u{A0}3\u{FEFF}", 3.0),
            ("\t4\u{3000}", 4.0),
            ("0.1", 0.1),
        ] {
            assert_eq!(number(cell.as_bytes()), Ok(value), "{cell:?}");
        }
        assert!(number(b"-0").unwrap().is_sign_negative());
        assert_eq!(number(format!("{:.0}", f64::MAX).as_bytes()), Ok(f64::MAX));
    }

    #[test]
    fn refuses_every_other_notation() {
        for cell in ["abc", "0x10", "0b11", "0o7", "1_000", "NaN", "Infinity", "inf", "1e999", "-1e400", ".", "+", "-", "e5", "1e", "1e+", "1.2.3", "1,5", "--1", "\u{85}1", "1 2", "\"1\""] {
            assert_eq!(number(cell.as_bytes()), Err(NotANumber::Other), "{cell:?}");
        }
        for cell in ["", "  ", "\t\u{2028}"] {
            assert_eq!(number(cell.as_bytes()), Err(NotANumber::Blank), "{cell:?}");
        }
        assert_eq!(number(b"1\xff"), Err(NotANumber::NotUtf8));
    }

    #[test]
    fn shows_at_most_forty_characters() {
        assert_eq!(shown("µ".repeat(41).as_bytes()), "µ".repeat(40) + "…");
        assert_eq!(shown(b"abc"), "abc");
    }
}
