//! Grid points a block at a time, as columns, with the points before them that the filter still
//! reaches back to.
//!
//! Why. Each stage runs over a block in a loop of its own, its state in registers, instead of
//! every stage for each point (where a WebAssembly engine reloads each stage's state from memory
//! around the calls between them). And a point stays in one slot from resampling to rep
//! detection: the resampler writes its time and angle, the smoothing buffer and the filter add
//! their values beside them, and the stages after read them there, so nothing is copied from one
//! stage's ring to the next. When a block has no room for the next one's points, its last
//! [`HISTORY`] points move to the front (the filter's window and the smoothing buffer reach back
//! at most that far): once a block of a whole session, once every 19 live pushes of 100 points.

use crate::settings::FILTER_MAX_HALF_WIDTH;

/// New grid points per block at most. Each block costs every stage a start (state into locals,
/// the derivation's call, the move of [`HISTORY`] points), so a block is long enough for that
/// start to be rare (engine-rs/PERF-HISTORY.md has the sizes tried). A whole session's push fills
/// blocks; a live push of 100 points uses a tenth of one.
pub const NEW: usize = 1024;

/// Points kept from one block for the next: the filter's window of 2m + 1 (at most 101) points,
/// which also covers the smoothing buffer's 3 before a point and the m points the filter holds.
pub const HISTORY: usize = 2 * FILTER_MAX_HALF_WIDTH + 1;

/// Slots of a block: a power of two, so that a slot is a masked index, without a bounds check.
pub const SLOTS: usize = 2048;

/// A slot's mask.
pub const MASK: usize = SLOTS - 1;

/// Length of a column: [`SLOTS`] and 8 spare, so that columns do not start a multiple of 4 kB
/// apart. Slot k of every column would then fall in the same cache set, and a stage that reads
/// or writes a point's columns together (ten or more of them) would evict its own lines.
pub const STRIDE: usize = SLOTS + 8;

/// Points the filter writes over one block of new points at most: those, and the 2m it held
/// (a power of two, for the stages after it to size their columns by).
pub const WRITTEN: usize = 2048;

const _: () = assert!(HISTORY + NEW <= SLOTS && SLOTS.is_power_of_two());
const _: () = assert!(NEW + 2 * FILTER_MAX_HALF_WIDTH <= WRITTEN && WRITTEN.is_power_of_two());

/// A block of grid points as columns, slot `k` being one point throughout.
#[derive(Clone, Debug)]
pub struct GridBlock {
    /// Slots filled: the history, then the block's new points.
    pub len: usize,
    /// Grid time, µs ([`crate::resample`]).
    pub time_us: [f64; STRIDE],
    /// Resampled angle, degrees.
    pub raw_deg: [f64; STRIDE],
    /// The device's ω and α as step means (left 0 in a session without them).
    pub omega: [f64; STRIDE],
    /// See `omega`.
    pub alpha: [f64; STRIDE],
    /// First point of a segment.
    pub first: [bool; STRIDE],
    /// The smoothing buffer's angle, degrees ([`crate::smooth`]), written by the filter.
    pub buffered: [f64; STRIDE],
    /// The device's ω and α on the buffered angle's clock ([`crate::smooth::rate`]), written by
    /// the filter when it smooths them.
    pub buffered_omega: [f64; STRIDE],
    /// See `buffered_omega`.
    pub buffered_alpha: [f64; STRIDE],
    /// Filtered angle, degrees, and its rate, degrees per grid step ([`crate::savgol`]).
    pub angle_deg: [f64; STRIDE],
    /// See `angle_deg`.
    pub slope: [f64; STRIDE],
    /// The device's ω and α, filtered (written only when the filter smooths them).
    pub smooth_omega: [f64; STRIDE],
    /// See `smooth_omega`.
    pub smooth_alpha: [f64; STRIDE],
}

impl Default for GridBlock {
    fn default() -> GridBlock {
        let zeros = [0.0; STRIDE];
        GridBlock {
            len: 0,
            time_us: zeros,
            raw_deg: zeros,
            omega: zeros,
            alpha: zeros,
            first: [false; STRIDE],
            buffered: zeros,
            buffered_omega: zeros,
            buffered_alpha: zeros,
            angle_deg: zeros,
            slope: zeros,
            smooth_omega: zeros,
            smooth_alpha: zeros,
        }
    }
}

impl GridBlock {
    /// Makes room for [`NEW`] points: when there is not, moves the last [`HISTORY`] points to
    /// the front. Returns by how many slots the points moved (0: they stay).
    pub fn make_room(&mut self) -> usize {
        let len = self.len.min(SLOTS);
        if len + NEW <= SLOTS {
            return 0;
        }
        let from = len - HISTORY;
        // The filter's outputs of the points kept are written when they are emitted: only what
        // comes before the filter, and what it reads back, moves.
        for column in [&mut self.time_us, &mut self.raw_deg, &mut self.omega, &mut self.alpha, &mut self.buffered, &mut self.buffered_omega, &mut self.buffered_alpha] {
            column.copy_within(from..len, 0);
        }
        self.first.copy_within(from..len, 0);
        self.len = len - from;
        from
    }
}
