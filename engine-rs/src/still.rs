//! How long the rope has been at rest, for closing a rep live when the athlete stops.
//!
//! When the flywheel stopped is timed by [`crate::edges`]; this adds the other half of "at
//! rest": the rope's position |angle| has stayed within [`REST_BAND_DEG`] of where the last
//! moving point left it. A slow drift of a resting rope thus restarts the rest, while a
//! sensor's noise or quantisation only has to stay inside the band. The detector counts rest
//! from the later of the stop and the last time the rope left the band. The state is two
//! numbers.

use crate::settings::REST_BAND_DEG;

/// Tracks the rope's latest stretch of rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stillness {
    /// Rope position at the start of the stretch; NaN before the first point.
    anchor_p: f64,
    /// Time where the stretch started, µs.
    since_us: f64,
}

impl Default for Stillness {
    fn default() -> Stillness {
        Stillness { anchor_p: f64::NAN, since_us: 0.0 }
    }
}

impl Stillness {
    /// Adds the grid point at `time_us` with rope position `p` (|angle|, degrees), moving or not.
    #[inline]
    pub fn push(&mut self, time_us: f64, p: f64, moving: bool) {
        // False for the NaN anchor and any non-finite position: those start a stretch.
        let within = (p - self.anchor_p).abs() <= REST_BAND_DEG;
        if !within {
            self.since_us = time_us;
        }
        if moving || !within {
            self.anchor_p = p;
        }
    }

    /// When the rope's latest stretch within the band started, µs.
    pub fn since_us(&self) -> f64 {
        self.since_us
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pushes rope positions at 0, 1, 2 … µs; returns when each stretch of rest started.
    fn starts(positions: &[f64]) -> Vec<f64> {
        let mut s = Stillness::default();
        (0..positions.len())
            .zip(positions)
            .map(|(i, &p)| {
                s.push(i as f64, p, false);
                s.since_us()
            })
            .collect()
    }

    macro_rules! rests {
        ($($name:ident: $positions:expr => $starts:expr;)*) => {$(
            #[test]
            fn $name() {
                assert_eq!(starts(&$positions), $starts);
            }
        )*};
    }

    const B: f64 = REST_BAND_DEG;

    #[test]
    fn anchors_the_band_where_the_rope_last_moved_without_restarting_the_stretch() {
        let mut s = Stillness::default();
        s.push(0.0, 100.0, true);
        s.push(1.0, 100.0 + 0.9 * B, true);
        assert_eq!(s.since_us(), 0.0, "moving within the band is no new stretch");
        s.push(2.0, 100.0 + 1.8 * B, false);
        assert_eq!(s.since_us(), 0.0, "within the band of where it last moved");
        s.push(3.0, 100.0 + 3.0 * B, false);
        assert_eq!(s.since_us(), 3.0);
    }

    rests! {
        counts_from_the_first_point: [5.0, 5.0, 5.0] => vec![0.0, 0.0, 0.0];
        restarts_whenever_the_rope_leaves_the_band: [0.0, 2.0 * B, 4.0 * B, 4.0 * B, 4.0 * B] => vec![0.0, 1.0, 2.0, 2.0, 2.0];
        keeps_counting_while_noise_stays_inside_the_band: [100.0, 100.0 + B, 100.0 - B, 100.0 + 0.5 * B] => vec![0.0; 4];
        measures_the_band_from_the_anchor_not_the_last_point: [100.0, 100.0 + 0.8 * B, 100.0 + 1.6 * B, 100.0 + 1.6 * B] => vec![0.0, 0.0, 2.0, 2.0];
        restarts_at_a_non_finite_position: [1.0, 1.0, f64::INFINITY, f64::INFINITY, 1.0] => vec![0.0, 0.0, 2.0, 3.0, 4.0];
    }
}
