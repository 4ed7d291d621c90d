//! The docs/behaviour.md §9 smoothing buffer: a causal moving average of the last 4 resampled angles.
//!
//! Differentiating a raw encoder angle twice amplifies its quantisation noise; the original
//! app averages a 4-point buffer, and so do we. The average is causal (only past points) so
//! the live engine never waits for the future; it lags the signal by 1.5 grid steps, which
//! shifts phase edges and turning points equally and so leaves durations and means unchanged.
//! At a segment start the buffer restarts and averages the points it has (1, 2, then 3).
//! The sum runs oldest to newest, recomputed each time, so it never accumulates rounding.
//!
//! The filter ([`crate::savgol`]) buffers each point as it takes it in, in the same loop, and
//! keeps the buffered angle in the block for the points that leave its window later: a pass of
//! its own over the block cost a load and a store of every point more.

use crate::block::{MASK, STRIDE};

/// Length of the smoothing buffer (docs/behaviour.md §9).
pub const WINDOW: usize = 4;

/// The buffered angle of slot `k` of `raw` (resampled angles), the `count`th point of its
/// segment (from 1).
#[inline(always)]
pub fn buffered(raw: &[f64; STRIDE], k: usize, count: usize) -> f64 {
    let raw = |back: usize| raw[k.wrapping_sub(back) & MASK];
    // Oldest to newest, the sum starting from 0 as a loop's would.
    match count {
        ..=1 => 0.0 + raw(0),
        2 => ((0.0 + raw(1)) + raw(0)) / 2.0,
        3 => (((0.0 + raw(2)) + raw(1)) + raw(0)) / 3.0,
        _ => full(raw(3), raw(2), raw(1), raw(0)),
    }
}

/// The device's rate of slot `k` of `steps` (its step means, [`crate::resample`]), the `count`th
/// point of its segment (from 1), put on the buffered angle's clock: the mean of its last
/// `WIDTH` step means (of the 1 to `WIDTH` − 1 at a segment's start), oldest to newest. A step
/// mean is the rate over the step ending at its point, half a step back; the buffered angle's
/// rate is the mean of the last four instants' rates, 1.5 steps back: so ω takes the mean of 3
/// step means (over the last 3 steps, centred 1.5 steps back), and α, which pairs with ω half a
/// step before it ([`crate::derive`]), of 4 (2 steps back). Without this, a device's ω led the
/// angle by a step, and a pull's figures took some of the return's (a concentric's mean velocity
/// high, its eccentric's low, by a step's share of the phase).
#[inline(always)]
pub fn rate<const WIDTH: usize>(steps: &[f64; STRIDE], k: usize, count: usize) -> f64 {
    let taken = count.clamp(1, WIDTH);
    let mut sum = 0.0;
    for back in (0..taken).rev() {
        sum += steps[k.wrapping_sub(back) & MASK];
    }
    sum / taken as f64
}

/// The widths of [`rate`] for the device's ω and α.
pub const OMEGA_WIDTH: usize = 3;
/// See [`OMEGA_WIDTH`].
pub const ALPHA_WIDTH: usize = 4;

/// The full buffer's angle: the mean of `b1`, `b2`, `b3` and `x`, oldest to newest.
#[inline(always)]
pub fn full(b1: f64, b2: f64, b3: f64, x: f64) -> f64 {
    // × 0.25 is exactly ÷ 4, without a division on the hot path.
    (((b1 + b2) + b3) + x) * 0.25
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Buffers `xs` as one column, with a segment starting at each index in `starts`.
    fn buffer(xs: &[f64], starts: &[usize]) -> Vec<f64> {
        let mut raw = [0.0; STRIDE];
        raw[..xs.len()].copy_from_slice(xs);
        let mut count = 0;
        (0..xs.len())
            .map(|k| {
                count = if starts.contains(&k) { 1 } else { count + 1 };
                buffered(&raw, k, count)
            })
            .collect()
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
}
