//! How long the rope has been at rest, for closing a rep live when the athlete stops.
//!
//! The rope is at rest while its position |angle| stays within [`REST_BAND_DEG`] of an anchor:
//! the first point after it last moved further than that. Position, not speed, because a
//! closing decision must hold at every grid rate (see [`REST_BAND_DEG`] for why the phases'
//! |ω| rule does not) and be deaf to noise; the anchor is a point of the rope's own path, so a
//! sensor's quantisation or noise only has to stay inside the band. The state is two numbers.

use crate::settings::REST_BAND_DEG;

/// Tracks the rope's latest stretch of rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stillness {
    /// Rope position at the start of the stretch; NaN before the first point.
    anchor_p: f64,
    /// Grid index where the stretch started.
    since: u64,
}

impl Default for Stillness {
    fn default() -> Stillness {
        Stillness { anchor_p: f64::NAN, since: 0 }
    }
}

impl Stillness {
    /// Adds grid point `index` at rope position `p` (|angle|, degrees).
    #[inline]
    pub fn push(&mut self, index: u64, p: f64) {
        // False for the NaN anchor and any non-finite position: those start a stretch.
        let within = (p - self.anchor_p).abs() <= REST_BAND_DEG;
        if !within {
            self.anchor_p = p;
            self.since = index;
        }
    }

    /// Grid steps the rope has been at rest by point `index`, the last point pushed: 0 when it
    /// has just moved.
    pub fn steps(&self, index: u64) -> u64 {
        index.saturating_sub(self.since)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pushes rope positions at indices 0, 1, …; returns the rest steps after each.
    fn steps(positions: &[f64]) -> Vec<u64> {
        let mut s = Stillness::default();
        (0u64..)
            .zip(positions)
            .map(|(i, &p)| {
                s.push(i, p);
                s.steps(i)
            })
            .collect()
    }

    macro_rules! rests {
        ($($name:ident: $positions:expr => $steps:expr;)*) => {$(
            #[test]
            fn $name() {
                assert_eq!(steps(&$positions), $steps);
            }
        )*};
    }

    const B: f64 = REST_BAND_DEG;

    rests! {
        counts_from_the_first_point: [5.0, 5.0, 5.0] => vec![0, 1, 2];
        restarts_whenever_the_rope_leaves_the_band: [0.0, 2.0 * B, 4.0 * B, 4.0 * B, 4.0 * B] => vec![0, 0, 0, 1, 2];
        keeps_counting_while_noise_stays_inside_the_band: [100.0, 100.0 + B, 100.0 - B, 100.0 + 0.5 * B] => vec![0, 1, 2, 3];
        measures_the_band_from_the_anchor_not_the_last_point: [100.0, 100.0 + 0.8 * B, 100.0 + 1.6 * B, 100.0 + 1.6 * B] => vec![0, 1, 0, 1];
        restarts_at_a_non_finite_position: [1.0, 1.0, f64::INFINITY, f64::INFINITY, 1.0] => vec![0, 1, 0, 0, 0];
    }
}
