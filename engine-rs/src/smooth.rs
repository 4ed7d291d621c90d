//! The docs/behaviour.md §9 smoothing buffer: a causal moving average of the last 4 resampled angles.
//!
//! Differentiating a raw encoder angle twice amplifies its quantisation noise; the original
//! app averages a 4-point buffer, and so do we. The average is causal (only past points) so
//! the live engine never waits for the future; it lags the signal by 1.5 grid steps, which
//! shifts phase edges and turning points equally and so leaves durations and means unchanged.
//! At a segment start the buffer restarts and averages the points it has (1, 2, then 3).
//! The sum runs oldest to newest, recomputed each time, so it never accumulates rounding.

/// Length of the smoothing buffer (docs/behaviour.md §9).
pub const WINDOW: usize = 4;

/// The smoothing buffer.
#[derive(Clone, Copy, Debug, Default)]
pub struct Smoother {
    /// The last `len` values, newest at the end.
    buf: [f64; WINDOW],
    len: usize,
}

impl Smoother {
    /// Adds `x` (a restart first when `first`) and returns the mean of the buffer.
    #[inline(always)]
    pub fn push(&mut self, x: f64, first: bool) -> f64 {
        if first {
            self.len = 0;
        }
        let [_, b1, b2, b3] = self.buf;
        self.buf = [b1, b2, b3, x];
        self.len = (self.len + 1).min(WINDOW);
        // Spelled out (oldest to newest, the sum starting from 0 as a loop's would), not a loop
        // over a slice of the buffer: indexing it by the length would keep the buffer in memory
        // where the filter's loop wants it in registers.
        match self.len {
            // × 0.25 is exactly ÷ 4, without a division on the hot path.
            WINDOW => (((b1 + b2) + b3) + x) * 0.25,
            3 => (((0.0 + b2) + b3) + x) / 3.0,
            2 => ((0.0 + b3) + x) / 2.0,
            _ => 0.0 + x,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_the_points_it_has_then_the_last_four() {
        let mut s = Smoother::default();
        let out: Vec<f64> = [4.0, 8.0, 0.0, 8.0, 16.0, 4.0].iter().map(|&x| s.push(x, false)).collect();
        assert_eq!(out, vec![4.0, 6.0, 4.0, 5.0, 8.0, 7.0]);
    }

    #[test]
    fn restarts_at_a_segment_start() {
        let mut s = Smoother::default();
        for x in [100.0, 100.0, 100.0, 100.0] {
            s.push(x, false);
        }
        assert_eq!(s.push(2.0, true), 2.0);
        assert_eq!(s.push(4.0, false), 3.0);
    }

    #[test]
    fn leaves_a_straight_line_straight_after_the_warm_up() {
        let mut s = Smoother::default();
        let out: Vec<f64> = (0..8).map(|i| s.push(f64::from(i) * 2.0, false)).collect();
        // mean of the last four points of a line = the line 1.5 steps earlier
        for (i, v) in out.iter().enumerate().skip(3) {
            assert_eq!(*v, (i as f64 - 1.5) * 2.0);
        }
    }
}
