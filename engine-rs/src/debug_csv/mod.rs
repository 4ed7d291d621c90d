//! The debug CSV (docs/behaviour.md §3; `src/csv/debugCsv.ts` writes it) read from its bytes
//! into the columns the engine takes: the batch command and the app's import hand it the file a
//! piece at a time (any size, cut anywhere), take the columns as they fill, and never hold the
//! file's text. This module cuts the bytes into lines; BurntSushi's `csv-core` cuts each line
//! into cells ([`split`]); [`row`] reads a data row's cells into a sample ([`cell`], each number);
//! [`order`] drops the rows out of order; [`interval`] measures the file's own step between
//! samples, the rate it was recorded at.
//!
//! ```
//! use repline_engine::debug_csv::Reader;
//!
//! let mut reader = Reader::new();
//! for piece in ["#, Angle, Time (µs), Angular Velocity (rad/s), Angular Acceleration (rad/s²)\r\n1,0,10", "00,,\r\n2,1.8,6000,,\r\n"] {
//!     reader.push(piece.as_bytes()).unwrap();
//! }
//! reader.finish().unwrap();
//! let columns = reader.take_columns();
//! assert_eq!((columns.time_us, columns.angle_deg), (vec![1000.0, 6000.0], vec![0.0, 1.8]));
//! ```
//!
//! What is accepted, as the app's importer always has: an optional UTF-8
//! byte-order mark; the header with or without spaces after the commas; LF, CRLF or CR-only line
//! ends, mixed too; blank lines (skipped, but counted when a row is named); spaces around
//! numbers; a `#` column that need not be consecutive (a file trimmed by hand still imports);
//! the angular velocity and acceleration columns each filled on every row or on none. New:
//! quoted cells; and rows whose time is not after the row before (a repeated line, two lines
//! swapped, two samples with the same time) are dropped and counted ([`order`]) instead of
//! refusing the file.
//!
//! Everything else refuses the file with a [`CsvError`] naming the row (the line of the file,
//! the header being row 1, as a spreadsheet or an editor numbers it) and, when the problem is
//! one cell, its column: a missing or different header, a wrong number of cells, a cell that is
//! not a finite decimal number, a sample number that is not whole, an optional column filled on
//! some rows only, a quote not closed on its line, a line longer than 1 MiB, text that is not
//! UTF-8 (or a byte-order mark of UTF-16 or UTF-32), a clock that goes back for good, or no
//! samples at all. The reader never panics, whatever the bytes (a property test feeds it any).

pub mod cell;
pub mod interval;
pub mod order;
pub mod row;
pub mod split;

use interval::Intervals;
use order::TimeOrder;
use row::Rows;
use split::{Cells, OpenQuote};

/// The header's names, in column order (docs/behaviour.md §3).
pub const COLUMNS: [&str; 5] = ["#", "Angle", "Time (µs)", "Angular Velocity (rad/s)", "Angular Acceleration (rad/s²)"];

/// Index in [`COLUMNS`] of the time.
pub const TIME: usize = 2;

/// No line of a real debug CSV comes near this; a longer one means the file is something else.
pub const MAX_LINE: usize = 1 << 20;

/// Why a file cannot be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvError {
    /// The line of the file (the header is 1), when the problem is on one.
    pub row: Option<u64>,
    /// Index in [`COLUMNS`] of the cell, when the problem is one cell.
    pub column: Option<usize>,
    /// What is wrong, in words a user understands.
    pub problem: String,
}

impl CsvError {
    /// A problem on row `row` (of cell `column`, an index into [`COLUMNS`]).
    pub fn at(row: u64, column: Option<usize>, problem: String) -> CsvError {
        CsvError { row: Some(row), column, problem }
    }
}

/// One data row, read.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    /// Its line in the file.
    pub row: u64,
    /// Time, µs.
    pub time_us: f64,
    /// Angle, degrees.
    pub angle_deg: f64,
    /// The device's angular velocity, rad/s (0 when the column is empty).
    pub angular_velocity: f64,
    /// The device's angular acceleration, rad/s² (0 when the column is empty).
    pub angular_acceleration: f64,
}

/// The samples read so far, one column each; the rates only when the file fills them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Columns {
    /// µs, strictly increasing.
    pub time_us: Vec<f64>,
    /// Degrees.
    pub angle_deg: Vec<f64>,
    /// rad/s; empty when the file's column is.
    pub angular_velocity: Vec<f64>,
    /// rad/s²; empty when the file's column is.
    pub angular_acceleration: Vec<f64>,
}

/// A debug CSV being read: [`Reader::push`] its bytes in pieces, [`Reader::finish`], and take
/// the columns as they fill ([`Reader::take_columns`]).
pub struct Reader {
    /// The start of a line not yet ended by the pieces so far.
    carry: Vec<u8>,
    /// The last piece ended in a CR: an LF that starts the next piece belongs to it (a CRLF cut
    /// in two).
    after_cr: bool,
    /// Lines read, the header included.
    lines: u64,
    header_read: bool,
    cells: Cells,
    rows: Rows,
    order: TimeOrder,
    steps: Intervals,
    last_kept_us: Option<f64>,
    columns: Columns,
    failure: Option<CsvError>,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader::new()
    }
}

impl Reader {
    /// A reader at the start of a file.
    pub fn new() -> Reader {
        Reader {
            carry: Vec::new(),
            after_cr: false,
            lines: 0,
            header_read: false,
            cells: Cells::default(),
            rows: Rows::default(),
            order: TimeOrder::default(),
            steps: Intervals::default(),
            last_kept_us: None,
            columns: Columns::default(),
            failure: None,
        }
    }

    /// Reads the next piece of the file (cut anywhere). After a refusal every call gives the
    /// same error.
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), CsvError> {
        if let Some(failure) = &self.failure {
            return Err(failure.clone());
        }
        let result = self.read(bytes);
        self.failed(result)
    }

    /// End of the file: its last line, and the last row kept.
    pub fn finish(&mut self) -> Result<(), CsvError> {
        if let Some(failure) = &self.failure {
            return Err(failure.clone());
        }
        let result = self.end();
        self.failed(result)
    }

    /// The samples read since they were last taken (the rows kept so far but the last, which
    /// waits for the row after it, [`order`]; [`Reader::finish`] hands it on).
    pub fn take_columns(&mut self) -> Columns {
        core::mem::take(&mut self.columns)
    }

    /// Samples waiting in [`Reader::take_columns`].
    pub fn samples_held(&self) -> usize {
        self.columns.time_us.len()
    }

    /// Whether the angular velocity (0) or acceleration (1) column is filled.
    pub fn filled(&self, which: usize) -> bool {
        self.rows.filled(which)
    }

    /// Rows dropped because their time was not after the row before ([`order`]).
    pub fn dropped_rows(&self) -> u64 {
        self.order.dropped()
    }

    /// The first of them in the file.
    pub fn first_dropped_row(&self) -> Option<u64> {
        self.order.first_dropped()
    }

    /// The file's own sampling step: the median step between the rows kept, µs (0 with fewer
    /// than two; [`interval`]).
    pub fn median_step_us(&self) -> f64 {
        self.steps.median_us()
    }

    fn failed(&mut self, result: Result<(), CsvError>) -> Result<(), CsvError> {
        if let Err(e) = &result {
            self.failure = Some(e.clone());
        }
        result
    }

    fn read(&mut self, bytes: &[u8]) -> Result<(), CsvError> {
        let mut rest = bytes;
        if self.after_cr && !rest.is_empty() {
            self.after_cr = false;
            if rest[0] == b'\n' {
                rest = &rest[1..];
            }
        }
        while let Some(at) = memchr::memchr2(b'\n', b'\r', rest) {
            if self.carry.is_empty() {
                self.line(&rest[..=at])?;
            } else {
                let mut line = core::mem::take(&mut self.carry);
                line.extend_from_slice(&rest[..=at]);
                let result = self.line(&line);
                line.clear();
                self.carry = line;
                result?;
            }
            let mut next = at + 1;
            if rest[at] == b'\r' {
                match rest.get(next) {
                    Some(b'\n') => next += 1,
                    Some(_) => {}
                    None => self.after_cr = true,
                }
            }
            rest = &rest[next..];
        }
        if self.carry.len() + rest.len() > MAX_LINE {
            return Err(self.too_long());
        }
        self.carry.extend_from_slice(rest);
        Ok(())
    }

    fn end(&mut self) -> Result<(), CsvError> {
        if !self.carry.is_empty() {
            let mut line = core::mem::take(&mut self.carry);
            line.push(b'\n');
            self.line(&line)?;
        }
        if !self.header_read {
            return Err(CsvError::at(1, None, format!("the file is empty; expected the header \"{}\"", COLUMNS.join(", "))));
        }
        if self.rows.read() == 0 {
            return Err(CsvError::at(2, None, "the file has a header but no samples".into()));
        }
        if let Some(last) = self.order.finish() {
            self.keep(last);
        }
        Ok(())
    }

    fn too_long(&self) -> CsvError {
        CsvError::at(self.lines + 1, None, "the line is longer than 1 MiB; this is not a debug CSV".into())
    }

    /// One line, ended by its one line-end byte (a CRLF's CR).
    fn line(&mut self, line: &[u8]) -> Result<(), CsvError> {
        let body = &line[..line.len() - 1];
        if body.len() > MAX_LINE {
            return Err(self.too_long());
        }
        self.lines += 1;
        if !self.header_read {
            self.header_read = true;
            return self.header(line);
        }
        if body.is_empty() {
            return Ok(());
        }
        let row = self.lines;
        let count = self.cells.split(line).map_err(|OpenQuote(at)| {
            CsvError::at(row, (at < COLUMNS.len()).then_some(at), "a quote opens this cell but does not close on its line".into())
        })?;
        if count == 1 && cell::blank(self.cells.cell(0)).unwrap_or(false) {
            return Ok(());
        }
        if count != COLUMNS.len() {
            if core::str::from_utf8(body).is_err() {
                return Err(not_utf8(row, None));
            }
            return Err(CsvError::at(row, None, format!("expected {} columns ({}), found {count}", COLUMNS.len(), COLUMNS.join(", "))));
        }
        let sample = self.rows.sample(&self.cells, row)?;
        match self.order.push(sample) {
            Ok(Some(kept)) => self.keep(kept),
            Ok(None) => {}
            Err(back) => {
                let problem = format!(
                    "time {} µs goes back before row {}'s {} µs, and so do the {} rows after it: the clock restarted, or two recordings were joined here; split the file at this row",
                    Shown(back.time_us),
                    back.before_row,
                    Shown(back.before_time_us),
                    order::MAX_RUN - 1
                );
                return Err(CsvError::at(back.row, Some(TIME), problem));
            }
        }
        Ok(())
    }

    /// The first line: no other Unicode encoding's byte-order mark, and the header.
    fn header(&mut self, line: &[u8]) -> Result<(), CsvError> {
        if let Some(encoding) = other_encoding(line) {
            return Err(CsvError { row: None, column: None, problem: format!("the file is {encoding} text; save it as UTF-8 (a spreadsheet's \"CSV UTF-8\") and import it again") });
        }
        let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        let body = &line[..line.len() - 1];
        let names = if body.is_empty() { Vec::new() } else { self.cells.all(line) };
        let matches = names.len() == COLUMNS.len() && names.iter().zip(COLUMNS).all(|(name, expected)| cell::trimmed(name) == Ok(expected.as_bytes()));
        if matches {
            return Ok(());
        }
        if core::str::from_utf8(body).is_err() {
            return Err(not_utf8(1, None));
        }
        let found: String = String::from_utf8_lossy(body).chars().take(120).collect();
        Err(CsvError::at(1, None, format!("missing or unexpected header: expected \"{}\", found \"{found}\"", COLUMNS.join(", "))))
    }

    /// A row kept: into the columns, its step into the file's rate.
    fn keep(&mut self, s: Sample) {
        if let Some(last) = self.last_kept_us {
            self.steps.add(s.time_us - last);
        }
        self.last_kept_us = Some(s.time_us);
        let c = &mut self.columns;
        c.time_us.push(s.time_us);
        c.angle_deg.push(s.angle_deg);
        if self.rows.filled(0) {
            c.angular_velocity.push(s.angular_velocity);
        }
        if self.rows.filled(1) {
            c.angular_acceleration.push(s.angular_acceleration);
        }
    }
}

/// Bytes of row `row` (in cell `column`) that are not UTF-8.
fn not_utf8(row: u64, column: Option<usize>) -> CsvError {
    CsvError::at(row, column, "the file is not UTF-8 text; save it as UTF-8 (a spreadsheet's \"CSV UTF-8\") and import it again".into())
}

/// The encoding a byte-order mark other than UTF-8's names, at the start of the file.
fn other_encoding(head: &[u8]) -> Option<&'static str> {
    match head {
        [0xFF, 0xFE, 0, 0, ..] => Some("UTF-32 (little-endian)"),
        [0xFF, 0xFE, ..] => Some("UTF-16 (little-endian)"),
        [0xFE, 0xFF, ..] => Some("UTF-16 (big-endian)"),
        [0, 0, 0xFE, 0xFF, ..] => Some("UTF-32 (big-endian)"),
        _ => None,
    }
}

/// A time as a message shows it: 6000, 1.5, 1e21 (not 22 digits).
struct Shown(f64);

impl core::fmt::Display for Shown {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let x = self.0;
        if x != 0.0 && !(1e-6..1e21).contains(&x.abs()) {
            write!(f, "{x:e}")
        } else {
            write!(f, "{x}")
        }
    }
}

#[cfg(test)]
mod tests;
