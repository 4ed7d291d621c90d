//! A data row's five cells as a sample: every cell a finite decimal number ([`super::cell`]),
//! the sample number a whole one (it need not be consecutive: a file trimmed by hand still
//! imports), and each of the device's rate columns filled on every row or on none, as the first
//! data row has it.

use super::cell::{self, NotANumber};
use super::split::Cells;
use super::{not_utf8, CsvError, Sample, TIME};

/// Whether an optional column holds values; settled by the first data row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    Unknown,
    Filled,
    Empty,
}

/// What the data rows so far settled: which rate columns are filled, and by which row.
pub struct Rows {
    fill: [Fill; 2],
    first: u64,
    read: u64,
}

impl Default for Rows {
    /// Before the first data row.
    fn default() -> Rows {
        Rows { fill: [Fill::Unknown; 2], first: 0, read: 0 }
    }
}

impl Rows {
    /// Data rows read so far.
    pub fn read(&self) -> u64 {
        self.read
    }

    /// Whether the angular velocity (0) or acceleration (1) column is filled.
    pub fn filled(&self, which: usize) -> bool {
        self.fill.get(which) == Some(&Fill::Filled)
    }

    /// Row `row`, whose cells are in `cells` (five of them).
    pub fn sample(&mut self, cells: &Cells, row: u64) -> Result<Sample, CsvError> {
        if number(cells, row, 0)?.fract() != 0.0 {
            let shown = String::from_utf8_lossy(cell::trimmed(cells.cell(0)).unwrap_or_default()).into_owned();
            return Err(CsvError::at(row, Some(0), format!("{shown} is not a whole sample number")));
        }
        let angle_deg = number(cells, row, 1)?;
        let time_us = number(cells, row, TIME)?;
        if self.read == 0 {
            self.first = row;
        }
        let angular_velocity = self.optional(cells, row, 0)?;
        let angular_acceleration = self.optional(cells, row, 1)?;
        self.read += 1;
        Ok(Sample { row, time_us, angle_deg, angular_velocity, angular_acceleration })
    }

    /// The angular velocity (which 0) or acceleration (which 1): filled on every row or on none.
    fn optional(&mut self, cells: &Cells, row: u64, which: usize) -> Result<f64, CsvError> {
        let column = 3 + which;
        let text = cells.cell(column);
        let empty = text.is_empty() || cell::blank(text).map_err(|_| not_utf8(row, Some(column)))?;
        match (self.fill[which], empty) {
            (Fill::Unknown, _) => self.fill[which] = if empty { Fill::Empty } else { Fill::Filled },
            (Fill::Empty, false) => {
                let problem = format!("the cell has a value, but row {} is empty; the column must be filled on every row or on none", self.first);
                return Err(CsvError::at(row, Some(column), problem));
            }
            (Fill::Filled, true) => {
                let problem = format!("the cell is empty, but row {} has a value; the column must be filled on every row or on none", self.first);
                return Err(CsvError::at(row, Some(column), problem));
            }
            _ => {}
        }
        if empty {
            Ok(0.0)
        } else {
            number(cells, row, column)
        }
    }
}

/// Cell `column` as a finite number.
fn number(cells: &Cells, row: u64, column: usize) -> Result<f64, CsvError> {
    let text = cells.cell(column);
    cell::number(text).map_err(|e| match e {
        NotANumber::Blank => CsvError::at(row, Some(column), "the cell is empty; expected a number".into()),
        NotANumber::Other => CsvError::at(row, Some(column), format!("\"{}\" is not a number", cell::shown(text))),
        NotANumber::NotUtf8 => not_utf8(row, Some(column)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::debug_csv::COLUMNS;

    /// The row's cells as csv-core cuts them.
    fn cells(line: &str) -> Cells {
        let mut cells = Cells::default();
        assert_eq!(cells.split(format!("{line}\n").as_bytes()), Ok(COLUMNS.len()));
        cells
    }

    #[test]
    fn the_first_data_row_settles_which_rate_columns_are_filled() {
        let mut rows = Rows::default();
        assert_eq!(rows.sample(&cells("7,1.5,100,0.25,"), 4).map(|s| (s.row, s.angular_velocity)), Ok((4, 0.25)));
        assert!(rows.filled(0) && !rows.filled(1));
        assert_eq!(rows.sample(&cells("9, -2 ,200,1,"), 5).map(|s| (s.time_us, s.angle_deg)), Ok((200.0, -2.0)));
        let e = rows.sample(&cells("10,0,300,,"), 6).unwrap_err();
        assert_eq!((e.row, e.column), (Some(6), Some(3)));
        assert_eq!(rows.read(), 2);
    }
}
