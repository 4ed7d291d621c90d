//! A line of a debug CSV cut into cells by BurntSushi's csv-core (quotes as RFC 4180 has them: a
//! spreadsheet may quote a cell). The reader hands it one line at a time, ended by its one
//! line-end byte, so a line end is never inside a cell: a quote still open there is the line's
//! problem, not the next line's.

use super::COLUMNS;
use csv_core::ReadRecordResult;

/// A quote opened in this cell (its index) and not closed on its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenQuote(pub usize);

/// The cells of the line last split, as csv-core hands them (quotes undone).
pub struct Cells {
    csv: csv_core::Reader,
    bytes: Vec<u8>,
    ends: [usize; COLUMNS.len()],
}

impl Default for Cells {
    /// Ready for a first line.
    fn default() -> Cells {
        Cells { csv: csv_core::Reader::new(), bytes: Vec::new(), ends: [0; COLUMNS.len()] }
    }
}

impl Cells {
    /// Cuts `line` (ended by its line-end byte) into cells; returns how many it has, the first
    /// [`COLUMNS`]`.len()` of them then in [`Cells::cell`].
    pub fn split(&mut self, line: &[u8]) -> Result<usize, OpenQuote> {
        if self.bytes.len() < line.len() {
            self.bytes.resize(line.len(), 0);
        }
        let (result, read, written, count) = self.csv.read_record(line, &mut self.bytes, &mut self.ends);
        match result {
            ReadRecordResult::Record => Ok(count),
            ReadRecordResult::OutputEndsFull => Ok(count + self.count_rest(&line[read..], written)),
            _ => {
                self.csv.reset();
                Err(OpenQuote(count))
            }
        }
    }

    /// Cell `i` of the line last split.
    pub fn cell(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.bytes[start..self.ends[i]]
    }

    /// Every cell of `line`, each a copy (the header's); none when a quote is left open (such a
    /// line is no header).
    pub fn all(&mut self, line: &[u8]) -> Vec<Vec<u8>> {
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

    /// The cells of a line beyond the first five: counted only (the row is refused for them).
    fn count_rest(&mut self, mut line: &[u8], mut at: usize) -> usize {
        let mut ends = [0usize; 16];
        let mut count = 0;
        loop {
            let (result, read, written, n) = self.csv.read_record(line, &mut self.bytes[at..], &mut ends);
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
}
