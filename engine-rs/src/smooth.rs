//! The docs/behaviour.md §9 smoothing buffer: a causal moving average of the last 4 resampled angles.
//!
//! Differentiating a raw encoder angle twice amplifies its quantisation noise; the original
//! app averages a 4-point buffer, and so do we. The average is causal (only past points) so
//! the live engine never waits for the future; it lags the signal by 1.5 grid steps, which
//! shifts phase edges and turning points equally and so leaves durations and means unchanged.
//! At a segment start the buffer restarts and averages the points it has (1, 2, then 3).
//! The sum runs oldest to newest, recomputed each time, so it never accumulates rounding.

use crate::block::{GridBlock, MASK, SLOTS};

/// Length of the smoothing buffer (docs/behaviour.md §9).
pub const WINDOW: usize = 4;

/// The smoothing buffer, over a block's points.
#[derive(Clone, Copy, Debug, Default)]
pub struct Smoother {
    /// Points of the current segment so far, up to [`WINDOW`].
    len: usize,
}

impl Smoother {
    /// Writes the buffered angle of `block`'s points `from..` (their resampled angles, the
    /// buffer restarting at each segment's first point) into its `buffered` column.
    pub fn run(&mut self, block: &mut GridBlock, from: usize) {
        let (mut len, end) = (self.len, block.len.min(SLOTS));
        let mut k = from;
        while k < end {
            len = if block.first[k] { 1 } else { (len + 1).min(WINDOW) };
            let raw = |back: usize| block.raw_deg[k.wrapping_sub(back) & MASK];
            let (b1, b2, b3, x) = (raw(3), raw(2), raw(1), raw(0));
            // Oldest to newest, the sum starting from 0 as a loop's would.
            block.buffered[k] = match len {
                // × 0.25 is exactly ÷ 4, without a division on the hot path.
                WINDOW => (((b1 + b2) + b3) + x) * 0.25,
                3 => (((0.0 + b2) + b3) + x) / 3.0,
                2 => ((0.0 + b3) + x) / 2.0,
                _ => 0.0 + x,
            };
            k += 1;
            // A full buffer until the next segment starts: the same sum, in a loop of its own.
            if len == WINDOW {
                while k < end && !block.first[k] {
                    let raw = |back: usize| block.raw_deg[k.wrapping_sub(back) & MASK];
                    block.buffered[k] = (((raw(3) + raw(2)) + raw(1)) + raw(0)) * 0.25;
                    k += 1;
                }
            }
        }
        self.len = len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Buffers `xs` as one block, with a segment starting at each index in `starts`.
    fn buffer(xs: &[f64], starts: &[usize]) -> Vec<f64> {
        let mut block = GridBlock::default();
        for (k, &x) in xs.iter().enumerate() {
            (block.raw_deg[k], block.first[k]) = (x, starts.contains(&k));
        }
        block.len = xs.len();
        Smoother::default().run(&mut block, 0);
        block.buffered[..xs.len()].to_vec()
    }

    #[test]
    fn averages_the_points_it_has_then_the_last_four() {
        assert_eq!(buffer(&[4.0, 8.0, 0.0, 8.0, 16.0, 4.0], &[0]), vec![4.0, 6.0, 4.0, 5.0, 8.0, 7.0]);
    }

    #[test]
    fn restarts_at_a_segment_start() {
        assert_eq!(buffer(&[100.0, 100.0, 100.0, 100.0, 2.0, 4.0], &[0, 4])[4..], [2.0, 3.0]);
    }

    #[test]
    fn leaves_a_straight_line_straight_after_the_warm_up() {
        let out = buffer(&(0..8).map(|i| f64::from(i) * 2.0).collect::<Vec<_>>(), &[0]);
        // mean of the last four points of a line = the line 1.5 steps earlier
        for (i, v) in out.iter().enumerate().skip(3) {
            assert_eq!(*v, (i as f64 - 1.5) * 2.0);
        }
    }

    #[test]
    fn carries_the_buffer_from_one_block_to_the_next() {
        let mut block = GridBlock::default();
        let mut s = Smoother::default();
        block.raw_deg[..3].copy_from_slice(&[4.0, 8.0, 0.0]);
        (block.first[0], block.len) = (true, 3);
        s.run(&mut block, 0);
        (block.raw_deg[3], block.len) = (8.0, 4);
        s.run(&mut block, 3);
        assert_eq!(block.buffered[3], 5.0);
    }
}
