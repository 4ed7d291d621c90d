//! The rate a file was recorded at, from its own times: the median step between the rows kept.
//! The median, because a logger that pauses in a rest or drops a packet leaves a few long steps
//! that would pull a mean (the span over the count) far below the rate it sampled at.
//!
//! Kept in one pass and fixed memory: steps are counted in bins 1/128 of an octave wide (the
//! exponent and the first seven bits of the mantissa of the step in µs, from 1 µs to 2³² µs, an
//! hour and more; a step outside counts as the nearest end: no sensor samples faster than a
//! MHz), each bin also summing its steps, so that the median is the mean of the steps in the
//! median bin: exact for a logger's steady step, within 0.8 % for any file.

/// Mantissa bits of a bin: 128 bins per octave.
const BITS: u32 = 7;
/// Octaves from 1 µs up.
const OCTAVES: usize = 32;
const BINS: usize = OCTAVES << BITS;

/// Steps counted so far.
pub struct Intervals {
    counts: Vec<u32>,
    sums: Vec<f64>,
    steps: u64,
}

impl Default for Intervals {
    fn default() -> Intervals {
        Intervals { counts: vec![0; BINS], sums: vec![0.0; BINS], steps: 0 }
    }
}

impl Intervals {
    /// Counts one step between two rows kept, µs (positive).
    pub fn add(&mut self, step_us: f64) {
        let clamped = step_us.clamp(1.0, f64::from(u32::MAX));
        let bin = ((clamped.to_bits() - 1f64.to_bits()) >> (52 - BITS)) as usize;
        self.counts[bin] += 1;
        self.sums[bin] += clamped;
        self.steps += 1;
    }

    /// The median step, µs; 0 with no step (fewer than two rows).
    pub fn median_us(&self) -> f64 {
        let mut below = self.steps.div_ceil(2);
        for (count, sum) in self.counts.iter().zip(&self.sums) {
            if u64::from(*count) >= below && *count > 0 {
                return sum / f64::from(*count);
            }
            below -= u64::from(*count);
        }
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_step_is_the_loggers_step_whatever_its_pauses() {
        let mut steps = Intervals::default();
        for i in 0..1000 {
            steps.add(if i % 100 == 99 { 2_000_000.0 } else { 5000.0 });
        }
        assert_eq!(steps.median_us(), 5000.0);
    }

    #[test]
    fn the_median_of_jittered_steps_is_within_a_bin() {
        let mut steps = Intervals::default();
        for i in 0..10_001 {
            steps.add(50_000.0 + f64::from(i % 7) * 300.0 - 900.0);
        }
        assert!((steps.median_us() / 50_000.0 - 1.0).abs() < 0.008, "{}", steps.median_us());
    }

    #[test]
    fn no_step_gives_zero_and_any_step_a_bin() {
        let mut steps = Intervals::default();
        assert_eq!(steps.median_us(), 0.0);
        for step in [1e-9, 0.5, 1.0, 7.5, 1e12, f64::MAX] {
            steps.add(step);
        }
        // Under 1 µs counts as 1 µs: three of the six, so the lower median is that.
        assert_eq!(steps.median_us(), 1.0);
    }
}
