//! The debug CSV (docs/behaviour.md §3; `src/csv/debugCsv.ts` writes it) read from its bytes
//! into the columns the engine takes: the batch command and the app's import hand it the file a
//! piece at a time (any size, cut anywhere), take the columns as they fill, and never hold the
//! file's text. BurntSushi's `csv-core` cuts each line into cells (quotes as RFC 4180 has them:
//! a spreadsheet may quote a cell), and [`cell`] reads each cell as a number.
//!
//! ```
//! use engine::debug_csv::Reader;
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
//! What is accepted, as the TypeScript importer accepted it before: an optional UTF-8
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

use cell::NotANumber;
use csv_core::ReadRecordResult;
use interval::Intervals;
use order::TimeOrder;

/// The header's names, in column order (docs/behaviour.md §3).
pub const COLUMNS: [&str; 5] = ["#", "Angle", "Time (µs)", "Angular Velocity (rad/s)", "Angular Acceleration (rad/s²)"];

/// Index in [`COLUMNS`] of the time.
const TIME: usize = 2;

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
    fn at(row: u64, column: Option<usize>, problem: String) -> CsvError {
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

/// Whether an optional column holds values; settled by the first data row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    Unknown,
    Filled,
    Empty,
}

/// A debug CSV being read: [`Reader::push`] its bytes in pieces, [`Reader::finish`], and take
/// the columns as they fill ([`Reader::take_columns`]).
pub struct Reader {
    csv: csv_core::Reader,
    /// The start of a line not yet ended by the pieces so far.
    carry: Vec<u8>,
    /// The last piece ended in a CR: an LF that starts the next piece belongs to it (a CRLF cut
    /// in two).
    after_cr: bool,
    /// Lines read, the header included.
    lines: u64,
    header_read: bool,
    /// A cell's bytes as csv-core hands them (quotes undone), and where each cell ends.
    cells: Vec<u8>,
    ends: [usize; COLUMNS.len()],
    fill: [Fill; 2],
    first_data_row: u64,
    data_rows: u64,
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
            csv: csv_core::Reader::new(),
            carry: Vec::new(),
            after_cr: false,
            lines: 0,
            header_read: false,
            cells: Vec::new(),
            ends: [0; COLUMNS.len()],
            fill: [Fill::Unknown; 2],
            first_data_row: 0,
            data_rows: 0,
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
        self.fill.get(which) == Some(&Fill::Filled)
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
        if self.data_rows == 0 {
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
        let count = self.split(line, row)?;
        if count == 1 && cell::blank(self.cell(0)).unwrap_or(false) {
            return Ok(());
        }
        if count != COLUMNS.len() {
            if core::str::from_utf8(body).is_err() {
                return Err(not_utf8(row, None));
            }
            return Err(CsvError::at(row, None, format!("expected {} columns ({}), found {count}", COLUMNS.len(), COLUMNS.join(", "))));
        }
        self.data(row)
    }

    /// The first line: no other Unicode encoding's byte-order mark, and the header.
    fn header(&mut self, line: &[u8]) -> Result<(), CsvError> {
        if let Some(encoding) = other_encoding(line) {
            return Err(CsvError { row: None, column: None, problem: format!("the file is {encoding} text; save it as UTF-8 (a spreadsheet's \"CSV UTF-8\") and import it again") });
        }
        let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        let body = &line[..line.len() - 1];
        let names: Vec<Vec<u8>> = if body.is_empty() {
            Vec::new()
        } else {
            self.split_all(line)
        };
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

    /// Cuts a data line into cells (kept in `cells`, ending at `ends`); returns how many it has.
    fn split(&mut self, line: &[u8], row: u64) -> Result<usize, CsvError> {
        if self.cells.len() < line.len() {
            self.cells.resize(line.len(), 0);
        }
        let (result, read, written, count) = self.csv.read_record(line, &mut self.cells, &mut self.ends);
        match result {
            ReadRecordResult::Record => Ok(count),
            ReadRecordResult::OutputEndsFull => Ok(count + self.count_rest(&line[read..], written)),
            _ => {
                self.csv.reset();
                Err(CsvError::at(row, (count < COLUMNS.len()).then_some(count), "a quote opens this cell but does not close on its line".into()))
            }
        }
    }

    /// The cells of a line beyond the first five: counted only (the row is refused for them).
    fn count_rest(&mut self, mut line: &[u8], mut at: usize) -> usize {
        let mut ends = [0usize; 16];
        let mut count = 0;
        loop {
            let (result, read, written, n) = self.csv.read_record(line, &mut self.cells[at..], &mut ends);
            count += n;
            line = &line[read..];
            at += written;
            match result {
                ReadRecordResult::OutputEndsFull => continue,
                ReadRecordResult::Record => return count,
                _ => {
                    self.csv.reset();
                    return count + 1;
                }
            }
        }
    }

    /// Every cell of a line (the header's), each a copy; none when a quote is left open (such a
    /// line is no header).
    fn split_all(&mut self, line: &[u8]) -> Vec<Vec<u8>> {
        let mut out = vec![0u8; line.len()];
        let mut ends = vec![0usize; line.len() + 1];
        let (result, _, _, count) = self.csv.read_record(line, &mut out, &mut ends);
        if result != ReadRecordResult::Record {
            self.csv.reset();
            return Vec::new();
        }
        let mut start = 0;
        ends[..count]
            .iter()
            .map(|&end| {
                let cell = out[start..end].to_vec();
                start = end;
                cell
            })
            .collect()
    }

    /// Cell `i` of the line last split.
    fn cell(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.cells[start..self.ends[i]]
    }

    /// A data row of five cells.
    fn data(&mut self, row: u64) -> Result<(), CsvError> {
        let number = self.number(row, 0)?;
        if number.fract() != 0.0 {
            return Err(CsvError::at(row, Some(0), format!("{} is not a whole sample number", String::from_utf8_lossy(cell::trimmed(self.cell(0)).unwrap_or_default()))));
        }
        let angle_deg = self.number(row, 1)?;
        let time_us = self.number(row, TIME)?;
        if self.data_rows == 0 {
            self.first_data_row = row;
        }
        let angular_velocity = self.optional(row, 0)?;
        let angular_acceleration = self.optional(row, 1)?;
        self.data_rows += 1;
        let sample = Sample { row, time_us, angle_deg, angular_velocity, angular_acceleration };
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

    /// Cell `column` as a finite number.
    fn number(&self, row: u64, column: usize) -> Result<f64, CsvError> {
        let text = self.cell(column);
        cell::number(text).map_err(|e| match e {
            NotANumber::Blank => CsvError::at(row, Some(column), "the cell is empty; expected a number".into()),
            NotANumber::Other => CsvError::at(row, Some(column), format!("\"{}\" is not a number", cell::shown(text))),
            NotANumber::NotUtf8 => not_utf8(row, Some(column)),
        })
    }

    /// The angular velocity (which 0) or acceleration (which 1): filled on every row or on none.
    fn optional(&mut self, row: u64, which: usize) -> Result<f64, CsvError> {
        let column = 3 + which;
        let text = self.cell(column);
        let empty = text.is_empty() || cell::blank(text).map_err(|_| not_utf8(row, Some(column)))?;
        match (self.fill[which], empty) {
            (Fill::Unknown, _) => self.fill[which] = if empty { Fill::Empty } else { Fill::Filled },
            (Fill::Empty, false) => {
                let problem = format!("the cell has a value, but row {} is empty; the column must be filled on every row or on none", self.first_data_row);
                return Err(CsvError::at(row, Some(column), problem));
            }
            (Fill::Filled, true) => {
                let problem = format!("the cell is empty, but row {} has a value; the column must be filled on every row or on none", self.first_data_row);
                return Err(CsvError::at(row, Some(column), problem));
            }
            _ => {}
        }
        if empty {
            Ok(0.0)
        } else {
            self.number(row, column)
        }
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
        if self.fill[0] == Fill::Filled {
            c.angular_velocity.push(s.angular_velocity);
        }
        if self.fill[1] == Fill::Filled {
            c.angular_acceleration.push(s.angular_acceleration);
        }
    }
}

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
