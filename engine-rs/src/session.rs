//! The engine as callers see it: incremental batches, or a whole session at once.
//!
//! [`Engine::push`] runs every sample through acceptance → resampling → smoothing →
//! derivatives → rep detection and appends what it produced to an [`Update`]; the state in
//! between is bounded, so a call costs in proportion to its batch however long the session
//! already is. [`reprocess`] is exactly one push of the whole session plus [`Engine::finish`].
//!
//! The stages run a block of grid points at a time ([`crate::block`]): the resampler fills a
//! block, then the filter (which buffers each point as it takes it in), the derivation and rep
//! detection each run over it in a loop of their own, their state in registers. Every stage
//! still sees its points one at a time and in order, with the same arithmetic whatever the
//! blocks, so any split of the same samples into batches gives bit-identical points and reps.

use core::mem::MaybeUninit;

use crate::derive::{Deriver, Point, Rates};
use crate::edges::Edges;
use crate::error::{Error, ErrorKind};
use crate::input::Input;
use crate::phase::{phase_values, Context, PhaseSummary, SMOOTHED, VALUE_COUNT};
use crate::reps::{Block, Rep, RepDetector, Turn};
use crate::block::{GridBlock, SLOTS, WRITTEN};
use crate::resample::{Columns, Resampler};
use crate::savgol::{half_width, SavGol};
use crate::settings::Settings;
use crate::settings::REST_OMEGA_RAD_S;
use crate::window::{segment_key, Extras, PowerRing, PowerSmoother, STREAMS};

/// Raw samples, one entry per sample in each slice.
#[derive(Clone, Copy, Debug, Default)]
pub struct Batch<'a> {
    /// µs; should increase strictly
    pub time_us: &'a [f64],
    /// degrees from the calibration point (rope pulled straight out)
    pub angle_deg: &'a [f64],
    /// device angular velocity, rad/s (imported debug files only)
    pub angular_velocity: Option<&'a [f64]>,
    /// device angular acceleration, rad/s² (imported debug files only)
    pub angular_acceleration: Option<&'a [f64]>,
}

/// Processed points as columns (the field order of the TypeScript `ProcessedPoints`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Points {
    /// One column per [`Point`] field, in [`Points::FIELDS`] order.
    pub columns: [Vec<f64>; Points::FIELD_COUNT],
}

impl Points {
    /// Number of columns.
    pub const FIELD_COUNT: usize = 11;
    /// Column names, as in the TypeScript contract.
    pub const FIELDS: [&'static str; Points::FIELD_COUNT] = [
        "timeUs",
        "angleDeg",
        "angularVelocity",
        "angularAcceleration",
        "velocity",
        "acceleration",
        "torque",
        "force",
        "linearForce",
        "netForce",
        "power",
    ];

    /// Number of points.
    pub fn len(&self) -> usize {
        self.columns[0].len()
    }

    /// True when there are no points.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Point `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<Point> {
        let c = |k: usize| self.columns[k].get(i).copied();
        Some(Point {
            time_us: c(0)?,
            angle_deg: c(1)?,
            angular_velocity: c(2)?,
            angular_acceleration: c(3)?,
            velocity: c(4)?,
            acceleration: c(5)?,
            torque: c(6)?,
            force: c(7)?,
            linear_force: c(8)?,
            net_force: c(9)?,
            power: c(10)?,
        })
    }

    /// Appends the points that `write` puts, one after another, into the next [`WRITTEN`] rows
    /// of the columns' spare capacity (at most that many: see [`Rows`]).
    fn append(&mut self, origin_us: f64, write: impl FnOnce(&mut Rows)) {
        let len = self.len();
        let columns = self.columns.each_mut().map(|column| {
            column.reserve(WRITTEN);
            <&mut [MaybeUninit<f64>; WRITTEN]>::try_from(&mut column.spare_capacity_mut()[..WRITTEN]).expect("WRITTEN slots")
        });
        let mut rows = Rows { columns, written: 0, origin_us };
        write(&mut rows);
        debug_assert!(rows.written <= WRITTEN, "a block writes at most WRITTEN points");
        let written = rows.written.min(WRITTEN);
        for column in &mut self.columns {
            // SAFETY: `Rows::put` writes row k of every column before it counts k, from row 0
            // on, so rows 0..written are initialised; and they are within the capacity reserved.
            unsafe { column.set_len(len + written) };
        }
    }

    fn reserve(&mut self, n: usize) {
        for column in &mut self.columns {
            column.reserve(n);
        }
    }
}

/// Where the derivation puts each point as it derives it: nowhere (`()`), for an engine
/// without points, or [`Rows`] of the point columns.
trait PointSink {
    /// Takes the block's next point.
    fn put(&mut self, deriver: &Deriver, time_us: f64, angle_deg: f64, rates: &Rates);
}

impl PointSink for () {
    #[inline(always)]
    fn put(&mut self, _: &Deriver, _: f64, _: f64, _: &Rates) {}
}

/// The next [`WRITTEN`] rows of every point column, in the columns' spare capacity, and how
/// many points have been put there.
///
/// Why the metrics are written as the derivation goes rather than a column at a time after
/// it: the point columns of a session (88 bytes a point) are more than the caches hold, so
/// writing them waits on memory. Written after the derivation, a column at a time, a block's
/// rows go out at once and the processor waits on them; written a point at a time between the
/// derivation's arithmetic, they go out while it computes (engine-rs/PERF-HISTORY.md).
struct Rows<'a> {
    columns: [&'a mut [MaybeUninit<f64>; WRITTEN]; Points::FIELD_COUNT],
    written: usize,
    /// The session's clock origin, added to each point's time ([`crate::input`]).
    origin_us: f64,
}

impl PointSink for Rows<'_> {
    #[inline(always)]
    fn put(&mut self, deriver: &Deriver, time_us: f64, angle_deg: f64, rates: &Rates) {
        let row = self.written & (WRITTEN - 1);
        let point = deriver.point(time_us + self.origin_us, angle_deg, rates);
        for (column, value) in self.columns.iter_mut().zip(point.fields()) {
            column[row].write(value);
        }
        self.written += 1;
    }
}

/// What calls produced: new points, reps closed, and what the input stage and the rep detector
/// set aside, each counted apart so that a caller can say why a session has fewer reps, or none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Update {
    /// Points produced, in grid order.
    pub points: Points,
    /// Reps closed, in order.
    pub reps: Vec<Rep>,
    /// Concentric phases whose turn became certain, in order (each rep's comes before the rep).
    pub turns: Vec<Turn>,
    /// Input samples dropped: time not strictly increasing, or a used value not finite or
    /// beyond [`crate::settings::MAX_SAMPLE_VALUE`].
    pub skipped: u64,
    /// Input samples rejected as glitches: no rope could have produced them ([`crate::input`]).
    pub rejected: u64,
    /// Wraps of an angle read modulo 360° that were undone ([`crate::input`]).
    pub unwrapped: u64,
    /// Dead stops of the sensor at a limit it already stopped dead at ([`crate::input`]).
    pub saturated: u64,
    /// That limit, |angle| in degrees (0 while none is known; the latest, not a sum).
    pub saturation_deg: f64,
    /// Gaps in the samples, each longer than [`crate::settings::MAX_GAP_US`]: no phase spans
    /// one ([`crate::input`]).
    pub gaps: u64,
    /// Rep candidates refused: a concentric shorter or faster than a rope can make
    /// ([`crate::reps`]).
    pub refused: u64,
    /// Points produced, whether or not [`Update::points`] holds them.
    pub point_count: u64,
}

impl Update {
    /// Empties the update, keeping its memory for the next call.
    pub fn clear(&mut self) {
        for column in &mut self.points.columns {
            column.clear();
        }
        self.reps.clear();
        self.turns.clear();
        self.skipped = 0;
        self.rejected = 0;
        self.unwrapped = 0;
        self.saturated = 0;
        self.saturation_deg = 0.0;
        self.gaps = 0;
        self.refused = 0;
        self.point_count = 0;
    }
}

/// What the stages after the filter derive from a block's filtered points, slot by slot.
#[derive(Clone, Debug)]
struct Derived {
    /// [`phase_values`] and whether each point is moving.
    values: [[f64; VALUE_COUNT]; WRITTEN],
    moving: [bool; WRITTEN],
    /// The filtered angle's own rate, rad/s ([`Deriver::angle_rate`]).
    rate: [f64; WRITTEN],
    /// The first gap among them (a segment's first point other than the session's first), as
    /// an offset from the first; `WRITTEN` where there is none. Found by the derivation, which
    /// stops at every segment start anyway, so that the detector's hand-over needs no scan.
    gap: usize,
}

/// A live session.
#[derive(Clone, Debug)]
pub struct Engine {
    settings: Settings,
    input: Input,
    resampler: Resampler,
    savgol: SavGol,
    deriver: Deriver,
    power: PowerSmoother,
    power_ring: PowerRing,
    edges: Edges,
    detector: RepDetector,
    /// Whether the session's batches carry device (ω, α); fixed by the first non-empty batch.
    device: Option<(bool, bool)>,
    next_index: u64,
    finished: bool,
    /// Whether [`Update::points`] gets the points (callers that want reps only save the work).
    collect_points: bool,
    /// Grid points a block at a time ([`crate::block`]), and what the stages after the filter
    /// derive from them. Boxed (about 300 kB): a value that size, moved on WebAssembly's 1 MB
    /// stack as an engine is made, would be close to overflowing it.
    grid: Box<GridBlock>,
    derived: Box<Derived>,
}

impl Engine {
    /// A new session, or the first invalid setting.
    pub fn new(settings: Settings) -> Result<Engine, Error> {
        settings.validate()?;
        let m = half_width(settings.hz);
        let step_us = settings.step_us();
        let power = PowerSmoother::new(settings.hz);
        Ok(Engine {
            settings,
            input: Input::new(&settings),
            resampler: Resampler::new(step_us),
            savgol: SavGol::new(m),
            deriver: Deriver::new(&settings),
            power,
            power_ring: PowerRing::new(&power),
            // Phases may start or stop anywhere the filter spreads an edge, m points and a margin.
            edges: Edges::new(settings.hz, m as u64 + 2, 1.5 * step_us),
            detector: RepDetector::new(settings.warmup, Context::new(&settings), power.delays(), power.settle()),
            device: None,
            next_index: 0,
            finished: false,
            collect_points: true,
            grid: Box::default(),
            derived: Box::new(Derived { values: [[0.0; VALUE_COUNT]; WRITTEN], moving: [false; WRITTEN], rate: [0.0; WRITTEN], gap: WRITTEN }),
        })
    }

    /// A new session whose updates carry reps and counts but no points
    /// ([`Update::point_count`] still counts them): the batch command and the live session
    /// need no point columns, and not building them is a fifth of the work.
    pub fn without_points(settings: Settings) -> Result<Engine, Error> {
        Ok(Engine { collect_points: false, ..Engine::new(settings)? })
    }

    /// This session with every grid point pushed into the rep detector one by one, none taken
    /// by its fast path ([`crate::reps::RepDetector::steady`]): what the fast path must equal.
    #[cfg(test)]
    pub(crate) fn point_by_point(mut self) -> Engine {
        self.detector.point_by_point = true;
        self
    }

    /// The session's settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Processes `batch` and appends the new points, the reps they close and the number of
    /// dropped samples to `out`.
    pub fn push(&mut self, batch: &Batch, out: &mut Update) -> Result<(), Error> {
        if self.finished {
            return Err(Error::new(ErrorKind::Finished, 0.0));
        }
        let n = batch.time_us.len();
        for column in [Some(batch.angle_deg), batch.angular_velocity, batch.angular_acceleration].into_iter().flatten() {
            if column.len() != n {
                return Err(Error::new(ErrorKind::LengthMismatch, column.len() as f64));
            }
        }
        if n == 0 {
            return Ok(());
        }
        let present = (batch.angular_velocity.is_some(), batch.angular_acceleration.is_some());
        match self.device {
            None => {
                self.device = Some(present);
                let s = &self.settings;
                let used = (present.0 && !s.calc_angular_velocity, present.1 && !s.calc_angular_acceleration);
                self.deriver.use_device(used.0, used.1);
                if used.0 || used.1 {
                    self.savgol.smooth_rates();
                }
            }
            Some(device) if device != present => return Err(Error::new(ErrorKind::DeviceDataChanged, n as f64)),
            Some(_) => {}
        }
        let input = Columns {
            time_us: batch.time_us,
            angle_deg: batch.angle_deg,
            omega: batch.angular_velocity.filter(|_| !self.settings.calc_angular_velocity),
            alpha: batch.angular_acceleration.filter(|_| !self.settings.calc_angular_acceleration),
        };
        if self.collect_points {
            // And a block's room more: each block's points are written into WRITTEN rows of
            // spare capacity, which the session's last must not have to grow for.
            out.points.reserve(self.expected_points(batch.time_us) + WRITTEN);
        }
        self.run(&input, out);
        Ok(())
    }

    /// Resamples `input` (with or without the device's rates) and processes it; then what the
    /// input stage counted into `out`.
    fn run(&mut self, input: &Columns, out: &mut Update) {
        if self.rates() {
            self.resample::<true>(input, out);
        } else {
            self.resample::<false>(input, out);
        }
        let counts = self.input.take_counts();
        out.skipped += counts.skipped;
        out.rejected += counts.rejected;
        out.unwrapped += counts.unwrapped;
        out.saturated += counts.saturated;
        out.gaps += counts.gaps;
        if counts.saturated > 0 {
            out.saturation_deg = counts.saturation_deg;
        }
    }

    /// The session's clock origin, µs ([`crate::input`]): what the engine adds to the times it
    /// reports.
    fn origin_us(&self) -> f64 {
        self.input.origin_us().unwrap_or(0.0)
    }

    /// Whether the session uses the device's ω or α (fixed by its first batch).
    fn rates(&self) -> bool {
        let s = &self.settings;
        self.device.is_some_and(|(omega, alpha)| (omega && !s.calc_angular_velocity) || (alpha && !s.calc_angular_acceleration))
    }

    /// Resamples the samples a block of grid points at a time and processes each block.
    /// `RATES`: whether device ω or α columns are used; without them both are 0 and are not
    /// interpolated.
    fn resample<const RATES: bool>(&mut self, input: &Columns, out: &mut Update) {
        let mut next = 0;
        loop {
            let from = self.grid.len;
            next = self.resampler.fill::<RATES>(&mut self.input, input, next, &mut self.grid);
            // No new point: every sample offered, and no grid point left due.
            if self.grid.len == from {
                return;
            }
            let written = self.savgol.filter(&mut self.grid, from);
            self.downstream(written, out);
            self.savgol.moved(self.grid.make_room());
        }
    }

    /// Derives the filtered points in slots `from..to` of the block and runs them through edges
    /// and rep detection into `out`.
    fn downstream(&mut self, (from, to): (usize, usize), out: &mut Update) {
        let to = to.min(SLOTS);
        let from = from.min(to).max(to.saturating_sub(WRITTEN));
        let len = to - from;
        let origin_us = self.origin_us();
        if self.collect_points {
            out.points.append(origin_us, |rows| self.derive(from, to, rows));
        } else {
            self.derive(from, to, &mut ());
        }
        let g = &self.grid;
        let block = Block {
            first_index: self.next_index,
            time_us: &g.time_us[from..to],
            raw_deg: &g.raw_deg[from..to],
            angle_deg: &g.angle_deg[from..to],
            values: &self.derived.values[..len],
            moving: &self.derived.moving[..len],
            rate: &self.derived.rate[..len],
        };
        // Edges then rep detection, point by point, except where the detector can take a
        // stretch of steady movement at once; the smoothed powers that came off their regular
        // place before each point that goes one by one. The detector's loops do not stop for
        // them: they only carry the phase on (its start kept, its extreme moved forward to a
        // point at or after the one a value came with, so a value centred up to the old extreme
        // or after it lands where it would have come to be on time) and a peak is a maximum,
        // whatever the order (engine-rs/PERF.md). A gap (a segment's first point after the
        // session's first) ends what the segment before it holds first, with every smoothed
        // power of that segment (which its end brought with the gap's point).
        let extras = &self.power_ring.extras;
        let first = &self.grid.first[from..to];
        let gap_at = |i: usize| first.get(i..).and_then(|f| f.iter().position(|&b| b)).map(|k| i + k);
        let (mut i, mut e, mut gap) = (0, 0, Some(self.derived.gap).filter(|&k| k < len));
        loop {
            let index = block.first_index + i as u64;
            let at_gap = gap == Some(i);
            deliver(&mut self.detector, extras, &mut e, index, at_gap);
            if i >= len {
                break;
            }
            if at_gap {
                out.reps.extend(self.detector.segment_break(&self.edges).into_iter().flatten().map(|rep| on_clock(rep, origin_us)));
                self.edges.segment_break(index);
                gap = gap_at(i + 1);
            }
            let taken = self.detector.steady(&block, i, &mut self.edges, gap.map_or(u64::MAX, |k| block.first_index + k as u64));
            i += taken;
            if i >= len || gap == Some(i) {
                continue;
            }
            if taken > 0 {
                deliver(&mut self.detector, extras, &mut e, block.first_index + i as u64, false);
            }
            let point = block.point(i);
            self.edges.push(point.at.index, point.at.time_us, block.raw_deg[i], point.angle_deg.abs(), point.moving);
            if let Some(rep) = self.detector.push(&point, &self.edges) {
                out.reps.push(on_clock(rep, origin_us));
            }
            if let Some(turn) = self.detector.take_turn() {
                out.turns.push(Turn { concentric: phase_on_clock(turn.concentric, origin_us), ..turn });
            }
            i += 1;
        }
        self.detector.smoothed(&extras.runs[e..], &extras.values);
        self.power_ring.extras.clear();
        self.next_index += len as u64;
        out.point_count += len as u64;
        out.refused += self.detector.take_refused();
    }

    /// Rates, power, the smoothed power and [`phase_values`] of the filtered points in slots
    /// `from..to` (at most [`WRITTEN`]) into `self.derived`, and each point's metrics into
    /// `points`, in a loop of their own, their state in locals (the smoother's moments would
    /// otherwise go through memory from one point to the next). Out of line, so that it is
    /// compiled apart from the detector's loops.
    #[inline(never)]
    fn derive(&mut self, from: usize, to: usize, points: &mut impl PointSink) {
        // Already so (see `downstream`); said here, the slots need no bounds checks.
        let (g, to) = (&self.grid, to.min(SLOTS));
        let (mut deriver, mut smoother, ring) = (self.deriver, self.power, &mut self.power_ring);
        let plain = deriver.from_angle();
        // The global index of slot s is base + s.
        let base = self.next_index.wrapping_sub(from as u64);
        let mut gap = WRITTEN;
        let mut s = from;
        while s < to {
            let (i, first, angle_deg) = ((s - from) & (WRITTEN - 1), g.first[s], g.angle_deg[s]);
            if first && gap == WRITTEN && base.wrapping_add(s as u64) != 0 {
                gap = s - from;
            }
            let rates = deriver.rates(g.slope[s], (g.smooth_omega[s], g.smooth_alpha[s]), first);
            let power = deriver.power(&rates);
            let rate = deriver.angle_rate(g.slope[s]);
            let key = segment_key(rate.abs() >= REST_OMEGA_RAD_S, angle_deg, rate);
            let smoothed = smoother.push(ring, power, first, key, base.wrapping_add(s as u64));
            (self.derived.values[i], self.derived.moving[i]) = phase_values(&rates, angle_deg, power, smoothed, rate);
            self.derived.rate[i] = rate;
            points.put(&deriver, g.time_us[s], angle_deg, &rates);
            s += 1;
            // ω and α from the angle: the rest of the segment's points in this block in a loop of
            // their own, with the same arithmetic and none of the choices.
            if plain {
                s = derive_run(g, (&mut deriver, &mut smoother, &mut *ring, &mut *self.derived, &mut *points), s, to, (from, base));
            }
        }
        (self.deriver, self.power, self.derived.gap) = (deriver, smoother, gap);
    }

    /// End of data: appends the last points, which the filter held back for want of points
    /// after them, and the trailing rep if its eccentric phase has come to rest. The engine
    /// accepts no more data afterwards.
    pub fn finish(&mut self, out: &mut Update) -> Result<(), Error> {
        if self.finished {
            return Err(Error::new(ErrorKind::Finished, 0.0));
        }
        self.finished = true;
        // The samples the input stage still holds, decided with what there is.
        self.input.flush();
        self.run(&Columns::default(), out);
        let written = self.savgol.flush(&mut self.grid);
        self.downstream(written, out);
        // The last segment's smoothed power, from the fits within it.
        self.power.flush(&mut self.power_ring, self.next_index);
        let extras = &self.power_ring.extras;
        self.detector.smoothed(&extras.runs, &extras.values);
        self.power_ring.extras.clear();
        let origin_us = self.origin_us();
        out.reps.extend(self.detector.finish(&self.edges).into_iter().flatten().map(|rep| on_clock(rep, origin_us)));
        Ok(())
    }

    /// About how many points `time_us` yields, to size the output once. Capped at 16 per
    /// sample so that a garbage first or last time cannot reserve gigabytes.
    fn expected_points(&self, time_us: &[f64]) -> usize {
        let (Some(first), Some(last)) = (time_us.first(), time_us.last()) else { return 0 };
        let n = ((last - first) / self.settings.step_us()).min(16.0 * time_us.len() as f64) + 2.0;
        if n.is_finite() && n > 0.0 {
            n as usize
        } else {
            0
        }
    }
}

/// The points of `g` from slot `s` up to `to` or the next segment start, whichever comes first,
/// after the first of their segment and with ω and α from the angle: their rates, power,
/// smoothed power and [`phase_values`] into `derived` (at slot − `from`), and their metrics into
/// `points`. Returns the slot it stopped at. The same arithmetic as the point-by-point path of
/// [`Engine::downstream`], in a loop with none of its choices, a power block at a time: the
/// points of a block carry no smoothed power, its last point the fits' values. (The other
/// arrangements tried, and why they were left out, are in engine-rs/PERF-HISTORY.md.)
#[inline(always)]
fn derive_run(
    g: &GridBlock,
    (deriver, smoother, ring, derived, points): (&mut Deriver, &mut PowerSmoother, &mut PowerRing, &mut Derived, &mut impl PointSink),
    mut s: usize,
    to: usize,
    (from, base): (usize, u64),
) -> usize {
    loop {
        let (mut sum, left) = smoother.open_block();
        let block_end = s + left;
        let stop = block_end.min(to);
        while s < stop && !g.first[s] {
            let rates = deriver.rates_after_first(g.slope[s]);
            let power = deriver.power(&rates);
            sum += power;
            // `s − from` < WRITTEN: masked, it needs no bounds check.
            let i = (s - from) & (WRITTEN - 1);
            (derived.values[i], derived.moving[i]) = phase_values(&rates, g.angle_deg[s], power, [f64::NAN; STREAMS], rates.omega);
            derived.rate[i] = rates.omega;
            points.put(deriver, g.time_us[s], g.angle_deg[s], &rates);
            s += 1;
        }
        if s < block_end {
            smoother.hold(sum, block_end - s);
            return s;
        }
        let last = (s - 1 - from) & (WRITTEN - 1);
        let key = segment_key(derived.moving[last], g.angle_deg[s - 1], derived.rate[last]);
        let smoothed = smoother.end_block(ring, sum, key, base.wrapping_add(s as u64 - 1));
        derived.values[last][SMOOTHED..].copy_from_slice(&smoothed);
    }
}

/// Hands `detector` the smoothed powers of `extras`' runs from `*e` on that are due before
/// point `index` (and with `at`, those due at it), in order.
fn deliver(detector: &mut RepDetector, extras: &Extras, e: &mut usize, index: u64, at: bool) {
    let runs = &extras.runs[*e..];
    let due = runs.iter().take_while(|x| x.due < index || (at && x.due == index)).count();
    if due > 0 {
        detector.smoothed(&runs[..due], &extras.values);
        *e += due;
    }
}

/// `rep` with its times on the unit's clock: `origin_us` added (the engine works on the session's).
fn on_clock(rep: Rep, origin_us: f64) -> Rep {
    Rep { concentric: phase_on_clock(rep.concentric, origin_us), eccentric: phase_on_clock(rep.eccentric, origin_us), ..rep }
}

/// See [`on_clock`]; an empty phase keeps its zeros.
fn phase_on_clock(p: PhaseSummary, origin_us: f64) -> PhaseSummary {
    if p.duration_s > 0.0 {
        PhaseSummary { start_us: p.start_us + origin_us, end_us: p.end_us + origin_us, ..p }
    } else {
        p
    }
}

/// Processes a whole session: one push of every sample, then [`Engine::finish`].
pub fn reprocess(batch: &Batch, settings: Settings) -> Result<Update, Error> {
    reprocess_with(Engine::new(settings)?, batch)
}

/// [`reprocess`] for reps alone ([`Engine::without_points`]).
pub fn reprocess_reps(batch: &Batch, settings: Settings) -> Result<Update, Error> {
    reprocess_with(Engine::without_points(settings)?, batch)
}

fn reprocess_with(mut engine: Engine, batch: &Batch) -> Result<Update, Error> {
    let mut out = Update::default();
    engine.push(batch, &mut out)?;
    engine.finish(&mut out)?;
    Ok(out)
}
