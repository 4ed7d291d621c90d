//! Rows whose time is not after the row before: a logger that writes a line twice, two lines
//! in the wrong order, or two samples stamped with the same time. Each such row is dropped and
//! counted instead of refusing the file (one bad line must not lose an hour of training); the
//! rows kept have strictly increasing times, as the engine takes them.
//!
//! Which of two rows out of order is dropped is decided with one row of look-ahead, so that a
//! single wrong time costs that row only. A row is held until the next one arrives:
//! - the next row is later: the held row is kept;
//! - it has the same time: the next row is dropped (a repeat, or a second sample stamped with
//!   the same time: the first stands);
//! - it is earlier, but later than the last row kept before the held one: the held row is the
//!   one out of place (a time written too far ahead, or the first of two swapped rows), so it is
//!   dropped and the next row is held in its place;
//! - otherwise the next row is out of place (a time written too far back, a repeat of an
//!   earlier row) and is dropped.
//!
//! A clock that restarts, or two recordings joined in one file, sends every later row back:
//! that is no bad line but a file that is not one recording. After [`MAX_RUN`] rows in a row
//! that do not go forward, the file is refused there, naming the row.

use super::Sample;

/// Rows in a row that do not go forward before the file is refused as a clock that went back
/// for good. A logger's repeated or reordered rows come a packet or a buffer at a time (a few to
/// some hundreds of samples); a thousand is a second at the fastest unit's 1 kHz.
pub const MAX_RUN: u32 = 1000;

/// Where a run of rows that do not go forward became too long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WentBack {
    /// The row that went back first, and its time (µs).
    pub row: u64,
    /// Its time, µs.
    pub time_us: f64,
    /// The row it went back before, and that row's time (µs).
    pub before_row: u64,
    /// That row's time, µs.
    pub before_time_us: f64,
}

/// The guard: rows in, rows with increasing times out.
#[derive(Default)]
pub struct TimeOrder {
    /// Time of the last row kept, µs.
    last: Option<f64>,
    held: Option<Sample>,
    run: u32,
    run_start: Option<WentBack>,
    dropped: u64,
    first_dropped: Option<u64>,
}

impl TimeOrder {
    /// Takes the next row; returns the row it now keeps, if any (rows come out in order, one
    /// behind), or refuses the file when rows have gone back for too long.
    pub fn push(&mut self, next: Sample) -> Result<Option<Sample>, WentBack> {
        let Some(held) = self.held else {
            self.held = Some(next);
            return Ok(None);
        };
        if next.time_us > held.time_us {
            self.run = 0;
            self.run_start = None;
            self.last = Some(held.time_us);
            self.held = Some(next);
            return Ok(Some(held));
        }
        let back = WentBack { row: next.row, time_us: next.time_us, before_row: held.row, before_time_us: held.time_us };
        if next.time_us < held.time_us && self.last.is_some_and(|last| next.time_us > last) {
            self.drop_row(held.row);
            self.held = Some(next);
        } else {
            self.drop_row(next.row);
        }
        let start = *self.run_start.get_or_insert(back);
        self.run += 1;
        if self.run >= MAX_RUN {
            return Err(start);
        }
        Ok(None)
    }

    /// End of the rows: the one still held.
    pub fn finish(&mut self) -> Option<Sample> {
        self.held.take()
    }

    /// Rows dropped so far.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// The first of them in the file, by row.
    pub fn first_dropped(&self) -> Option<u64> {
        self.first_dropped
    }

    fn drop_row(&mut self, row: u64) {
        self.dropped += 1;
        self.first_dropped = Some(self.first_dropped.map_or(row, |first| first.min(row)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows kept (by row number) and the rows dropped, for rows with these times.
    fn kept(times: &[f64]) -> (Vec<u64>, u64, Option<u64>) {
        let mut order = TimeOrder::default();
        let mut out = Vec::new();
        for (i, &time_us) in times.iter().enumerate() {
            let sample = Sample { row: i as u64 + 2, time_us, ..Sample::default() };
            out.extend(order.push(sample).expect("no long run back").map(|s| s.row));
        }
        out.extend(order.finish().map(|s| s.row));
        (out, order.dropped(), order.first_dropped())
    }

    #[test]
    fn drops_a_repeated_row() {
        assert_eq!(kept(&[10.0, 20.0, 20.0, 30.0]), (vec![2, 3, 5], 1, Some(4)));
    }

    #[test]
    fn drops_one_of_two_swapped_rows() {
        assert_eq!(kept(&[10.0, 20.0, 40.0, 30.0, 50.0]), (vec![2, 3, 5, 6], 1, Some(4)));
    }

    #[test]
    fn drops_a_time_written_too_far_ahead_not_the_rows_after_it() {
        assert_eq!(kept(&[10.0, 20.0, 1e15, 30.0, 40.0]), (vec![2, 3, 5, 6], 1, Some(4)));
    }

    #[test]
    fn drops_a_time_written_too_far_back() {
        assert_eq!(kept(&[10.0, 20.0, 30.0, 0.0, 40.0]), (vec![2, 3, 4, 6], 1, Some(5)));
    }

    #[test]
    fn drops_a_repeated_block_of_rows() {
        let block: Vec<f64> = (1..=10).map(f64::from).collect();
        let times: Vec<f64> = [block.clone(), block, vec![11.0, 12.0]].concat();
        let (rows, dropped, first) = kept(&times);
        assert_eq!((rows.len(), dropped, first), (12, 10, Some(12)));
    }

    #[test]
    fn refuses_a_clock_that_restarts_naming_where() {
        let mut order = TimeOrder::default();
        let mut result = Ok(None);
        for i in 0..2000u32 {
            let time_us = if i < 500 { 1000.0 * f64::from(i + 1) } else { f64::from(i - 499) };
            result = order.push(Sample { row: u64::from(i) + 2, time_us, ..Sample::default() });
            if result.is_err() {
                break;
            }
        }
        assert_eq!(result, Err(WentBack { row: 502, time_us: 1.0, before_row: 501, before_time_us: 500_000.0 }));
        assert_eq!(order.dropped(), u64::from(MAX_RUN));
    }
}
