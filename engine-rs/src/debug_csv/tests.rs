//! The reader on the files users have: what it accepts, each refusal by row and column (the
//! same sentences the TypeScript importer said), rows out of order, any cut into pieces, and
//! arbitrary bytes.

use super::*;
use proptest::prelude::*;

const HEADER: &str = "#, Angle, Time (µs), Angular Velocity (rad/s), Angular Acceleration (rad/s²)";

/// Reads `pieces` in order; the columns or the error.
fn read_pieces<'a>(pieces: impl IntoIterator<Item = &'a [u8]>) -> Result<(Columns, Reader), CsvError> {
    let mut reader = Reader::new();
    let mut columns = Columns::default();
    let mut take = |reader: &mut Reader| {
        let piece = reader.take_columns();
        columns.time_us.extend(piece.time_us);
        columns.angle_deg.extend(piece.angle_deg);
        columns.angular_velocity.extend(piece.angular_velocity);
        columns.angular_acceleration.extend(piece.angular_acceleration);
    };
    for piece in pieces {
        reader.push(piece)?;
        take(&mut reader);
    }
    reader.finish()?;
    take(&mut reader);
    Ok((columns, reader))
}

fn read(text: &str) -> Result<Columns, CsvError> {
    read_pieces([text.as_bytes()]).map(|(columns, _)| columns)
}

/// The message as the app shows it: "row 3, column "Angle": …".
fn message(text: &str) -> String {
    let e = read(text).expect_err("refused");
    let at = match (e.row, e.column) {
        (Some(row), Some(column)) => format!("row {row}, column \"{}\": ", COLUMNS[column]),
        (Some(row), None) => format!("row {row}: "),
        _ => String::new(),
    };
    at + &e.problem
}

fn samples(time_us: &[f64], angle_deg: &[f64]) -> Columns {
    Columns { time_us: time_us.to_vec(), angle_deg: angle_deg.to_vec(), ..Columns::default() }
}

#[test]
fn accepts_the_header_either_way_any_line_ends_a_byte_order_mark_blank_lines_and_padded_numbers() {
    let expected = samples(&[100.0, 200.0], &[1.5, -2.0]);
    let compact = HEADER.replace(", ", ",");
    for text in [
        format!("{compact}\n1,1.5,100,,\n2,-2,200,,\n"),
        format!("\u{FEFF}{HEADER}\r\n1, 1.5, 100, , \r\n\r\n2, -2, 200, ,\r\n\r\n"),
        format!("{HEADER}\n7,1.5,100,,\n9,-2,200,,"),
        format!("{HEADER}\r1,1.5,100,,\r\r2,-2,200,,\r"),
        format!("{HEADER}\r\n1,1.5,100,,\n2,-2,200,,\r\n"),
        "\"#\",\"Angle\",\"Time (µs)\",\"Angular Velocity (rad/s)\",\"Angular Acceleration (rad/s²)\"\n\"1\",\"1.5\",\"100\",\"\",\"\"\n2,\" -2\",200,,\n".to_string(),
    ] {
        assert_eq!(read(&text), Ok(expected.clone()), "{text:?}");
    }
}

#[test]
fn keeps_the_devices_rates_when_the_file_has_them() {
    let columns = read(&format!("{HEADER}\n1,2,10,-0.25,3\n2,4,20,0.5,-1\n")).unwrap();
    assert_eq!(columns.angular_velocity, vec![-0.25, 0.5]);
    assert_eq!(columns.angular_acceleration, vec![3.0, -1.0]);
}

#[test]
fn refuses_naming_row_and_column() {
    let h = HEADER;
    for (text, expected) in [
        (String::new(), format!("row 1: the file is empty; expected the header \"{}\"", COLUMNS.join(", "))),
        ("1,0,100,,\n2,1,200,,\n".into(), format!("row 1: missing or unexpected header: expected \"{}\", found \"1,0,100,,\"", COLUMNS.join(", "))),
        (format!("{h}\r\n"), "row 2: the file has a header but no samples".into()),
        (format!("{h}\n1,0,100,,\n2,1,200,\n"), format!("row 3: expected 5 columns ({}), found 4", COLUMNS.join(", "))),
        (format!("{h}\n1,0,100,,\n2,1,200,,,,\n"), format!("row 3: expected 5 columns ({}), found 7", COLUMNS.join(", "))),
        (format!("{h}\n1,0,100,,\n2,abc,200,,\n"), "row 3, column \"Angle\": \"abc\" is not a number".into()),
        (format!("{h}\n1,0,,,\n"), "row 2, column \"Time (µs)\": the cell is empty; expected a number".into()),
        (format!("{h}\n1,1e999,100,,\n"), "row 2, column \"Angle\": \"1e999\" is not a number".into()),
        (format!("{h}\n1,0x10,100,,\n"), "row 2, column \"Angle\": \"0x10\" is not a number".into()),
        (format!("{h}\n1, 0b11,100,,\n"), "row 2, column \"Angle\": \" 0b11\" is not a number".into()),
        (format!("{h}\n1,  ,100,,\n"), "row 2, column \"Angle\": the cell is empty; expected a number".into()),
        (format!("{h}\n1.5,0,100,,\n"), "row 2, column \"#\": 1.5 is not a whole sample number".into()),
        (format!("{h}\n1,0,100,0.5,\n2,1,200,,\n"), "row 3, column \"Angular Velocity (rad/s)\": the cell is empty, but row 2 has a value; the column must be filled on every row or on none".into()),
        (format!("{h}\n1,0,100,,\n2,1,200,,4\n"), "row 3, column \"Angular Acceleration (rad/s²)\": the cell has a value, but row 2 is empty; the column must be filled on every row or on none".into()),
        (format!("{h}\n1,\"0,100,,\n"), "row 2, column \"Angle\": a quote opens this cell but does not close on its line".into()),
        (format!("{h}\n1,0,100,,\n2,1\u{b5}m,200,,\n"), "row 3, column \"Angle\": \"1µm\" is not a number".into()),
    ] {
        assert_eq!(message(&text), expected, "{text:?}");
    }
}

#[test]
fn counts_blank_lines_when_it_names_a_row_whatever_the_line_ends() {
    for eol in ["\n", "\r\n", "\r"] {
        let e = read(&format!("{HEADER}{eol}1,0,100,,{eol}{eol}{eol}2,x,200,,{eol}")).unwrap_err();
        assert_eq!((e.row, e.column), (Some(5), Some(1)), "{eol:?}");
    }
}

#[test]
fn refuses_text_that_is_not_utf8_and_names_other_encodings() {
    for bytes in [&b"#\xFF\xFE\n"[..], &[HEADER.as_bytes(), b"\n1,0,100,,\n2,\xC3,200,,\n"].concat()] {
        let e = read_pieces([bytes]).err().expect("refused");
        assert!(e.problem.starts_with("the file is not UTF-8 text"), "{e:?}");
    }
    for (head, encoding) in [(&[0xFF, 0xFE, 0x23, 0x00][..], "UTF-16 (little-endian)"), (&[0xFE, 0xFF, 0x00, 0x23], "UTF-16 (big-endian)"), (&[0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian)"), (&[0, 0, 0xFE, 0xFF], "UTF-32 (big-endian)")] {
        let e = read_pieces([head, b",\0\n\0"]).err().expect("refused");
        assert_eq!(e, CsvError { row: None, column: None, problem: format!("the file is {encoding} text; save it as UTF-8 (a spreadsheet's \"CSV UTF-8\") and import it again") });
    }
}

#[test]
fn refuses_a_line_longer_than_a_mebibyte_even_in_pieces() {
    let line = vec![b'x'; MAX_LINE + 10];
    assert_eq!(read_pieces(line.chunks(1000)).err().map(|e| (e.row, e.problem)), Some((Some(1), "the line is longer than 1 MiB; this is not a debug CSV".into())));
}

#[test]
fn drops_repeated_swapped_and_same_time_rows_counting_them() {
    let text = format!("{HEADER}\n1,0,100,,\n2,1,200,,\n2,1,200,,\n3,2,400,,\n4,3,300,,\n5,4,500,,\n6,5,500,,\n7,6,600,,\n");
    let (columns, reader) = read_pieces([text.as_bytes()]).unwrap();
    assert_eq!(columns.time_us, vec![100.0, 200.0, 300.0, 500.0, 600.0]);
    assert_eq!((reader.dropped_rows(), reader.first_dropped_row()), (3, Some(4)));
}

#[test]
fn refuses_a_clock_that_goes_back_for_good() {
    let mut text = format!("{HEADER}\n");
    for i in 0..3000u32 {
        let time = if i < 1000 { 1000 + 5000 * i } else { 5000 * (i - 1000) };
        text += &format!("{},0,{time},,\n", i + 1);
    }
    assert_eq!(message(&text), "row 1002, column \"Time (µs)\": time 0 µs goes back before row 1001's 4996000 µs, and so do the 999 rows after it: the clock restarted, or two recordings were joined here; split the file at this row");
}

#[test]
fn measures_the_files_own_step() {
    let mut text = format!("{HEADER}\n");
    for i in 0..200u32 {
        // 20 Hz, with a pause of 3 s after every 50 rows.
        text += &format!("{},0,{},,\n", i + 1, 50_000 * i + 3_000_000 * (i / 50));
    }
    let (_, reader) = read_pieces([text.as_bytes()]).unwrap();
    assert_eq!(reader.median_step_us(), 50_000.0);
}

/// A debug CSV of `rows` (time, angle) with optional rates, lines ending in `eol`.
fn file(rows: &[(f64, f64)], rates: bool, eol: &str, bom: bool) -> String {
    let mut text = String::from(if bom { "\u{FEFF}" } else { "" }) + HEADER + eol;
    for (i, (t, a)) in rows.iter().enumerate() {
        let rates = if rates { format!("{},{}", a / 3.0, -a) } else { ",".into() };
        text += &format!("{},{a},{t},{rates}{eol}", i + 1);
    }
    text
}

fn rows() -> impl Strategy<Value = Vec<(f64, f64)>> {
    prop::collection::vec((1.0..1e6f64, -1e6..1e6f64), 1..60).prop_map(|steps| {
        let mut t = 0.0;
        steps.into_iter().map(|(dt, a)| {
            t += dt.round();
            (t, a)
        }).collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any cut into pieces (a CRLF cut in two, a µ cut in two) reads the same samples.
    #[test]
    fn any_cut_reads_the_same(rows in rows(), rates in any::<bool>(), eol in prop_oneof![Just("\n"), Just("\r\n"), Just("\r")], bom in any::<bool>(), cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..12)) {
        let text = file(&rows, rates, eol, bom);
        let bytes = text.as_bytes();
        let mut at: Vec<usize> = cuts.iter().map(|c| c.index(bytes.len() + 1)).collect();
        at.sort_unstable();
        at.push(bytes.len());
        let mut from = 0;
        let pieces: Vec<&[u8]> = at.iter().map(|&to| { let piece = &bytes[from..to]; from = to; piece }).collect();
        let (columns, _) = read_pieces(pieces).expect("a valid file");
        prop_assert_eq!(&columns.time_us, &rows.iter().map(|r| r.0).collect::<Vec<_>>());
        prop_assert_eq!(&columns.angle_deg, &rows.iter().map(|r| r.1).collect::<Vec<_>>());
        prop_assert_eq!(columns.angular_velocity.len(), if rates { rows.len() } else { 0 });
        prop_assert_eq!(read_pieces([bytes]).expect("a valid file").0, columns);
    }

    /// Arbitrary bytes, in arbitrary pieces, or a header then arbitrary bytes: samples with
    /// times strictly increasing, or an error that says something; never a panic.
    #[test]
    fn never_panics(body in prop::collection::vec(prop_oneof![any::<u8>(), Just(b','), Just(b'\n'), Just(b'\r'), Just(b'"'), Just(b'1'), Just(b'.')], 0..400), headed in any::<bool>(), piece in 1..64usize) {
        let bytes = if headed { [HEADER.as_bytes(), b"\n", &body].concat() } else { body };
        match read_pieces(bytes.chunks(piece)) {
            Ok((columns, _)) => {
                prop_assert!(!columns.time_us.is_empty());
                prop_assert!(columns.time_us.windows(2).all(|w| w[1] > w[0]));
                prop_assert_eq!(columns.time_us.len(), columns.angle_deg.len());
            }
            Err(e) => prop_assert!(!e.problem.is_empty() && e.column.is_none_or(|c| c < COLUMNS.len())),
        }
    }
}
