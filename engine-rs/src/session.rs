//! The engine as callers see it: incremental batches, or a whole session at once.
//!
//! [`Engine::push`] runs every sample through acceptance → resampling → smoothing →
//! derivatives → rep detection and appends what it produced to an [`Update`]; the state in
//! between is a handful of numbers, so a call costs in proportion to its batch however long the
//! session already is. [`reprocess`] is exactly one push of the whole session plus
//! [`Engine::finish`]; since every stage processes one sample or point at a time, any split of
//! the same samples into batches gives bit-identical points and reps.

use crate::derive::{Deriver, Point};
use crate::edges::Edges;
use crate::error::{Error, ErrorKind};
use crate::phase::{phase_values, At, Context};
use crate::reps::{DetectorPoint, Rep, RepDetector, Turn};
use crate::resample::{GridPoint, Resampler, Sample};
use crate::savgol::{half_width, Filtered, SavGol};
use crate::settings::{Settings, GRAVITY};
use crate::smooth::Smoother;
use crate::window::PowerWindow;

/// Grid points gathered before they are processed (about 10 kB on the stack).
const GRID_BLOCK: usize = 256;

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

    fn push(&mut self, p: &Point) {
        let values = [
            p.time_us,
            p.angle_deg,
            p.angular_velocity,
            p.angular_acceleration,
            p.velocity,
            p.acceleration,
            p.torque,
            p.force,
            p.linear_force,
            p.net_force,
            p.power,
        ];
        for (column, v) in self.columns.iter_mut().zip(values) {
            column.push(v);
        }
    }

    fn reserve(&mut self, n: usize) {
        for column in &mut self.columns {
            column.reserve(n);
        }
    }
}

/// What calls produced: new points, reps closed, samples dropped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Update {
    /// Points produced, in grid order.
    pub points: Points,
    /// Reps closed, in order.
    pub reps: Vec<Rep>,
    /// Concentric phases whose turn became certain, in order (each rep's comes before the rep).
    pub turns: Vec<Turn>,
    /// Input samples dropped: time not strictly increasing, or a used value not finite.
    pub skipped: u64,
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
        self.point_count = 0;
    }
}

/// A live session.
#[derive(Clone, Debug)]
pub struct Engine {
    settings: Settings,
    resampler: Resampler,
    smoother: Smoother,
    savgol: SavGol,
    deriver: Deriver,
    window: PowerWindow,
    edges: Edges,
    detector: RepDetector,
    /// Whether the session's batches carry device (ω, α); fixed by the first non-empty batch.
    device: Option<(bool, bool)>,
    next_index: u64,
    finished: bool,
    /// Whether [`Update::points`] gets the points (callers that want reps only save the work).
    collect_points: bool,
}

impl Engine {
    /// A new session, or the first invalid setting.
    pub fn new(settings: Settings) -> Result<Engine, Error> {
        settings.validate()?;
        let m = half_width(settings.hz);
        let step_us = settings.step_us();
        let context = Context { step_us, weight: settings.mass_kg * GRAVITY };
        Ok(Engine {
            settings,
            resampler: Resampler::new(step_us),
            smoother: Smoother::default(),
            savgol: SavGol::new(m),
            deriver: Deriver::new(&settings),
            window: PowerWindow::new(settings.hz),
            // Phases may start or stop anywhere the filter spreads an edge, m points and a margin.
            edges: Edges::new(settings.hz, m as u64 + 2, 1.5 * step_us),
            detector: RepDetector::new(settings.warmup, context),
            device: None,
            next_index: 0,
            finished: false,
            collect_points: true,
        })
    }

    /// A new session whose updates carry reps and counts but no points
    /// ([`Update::point_count`] still counts them): the batch command and the live session
    /// need no point columns, and not building them is a fifth of the work.
    pub fn without_points(settings: Settings) -> Result<Engine, Error> {
        Ok(Engine { collect_points: false, ..Engine::new(settings)? })
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
        let omega = batch.angular_velocity.filter(|_| !self.settings.calc_angular_velocity);
        let alpha = batch.angular_acceleration.filter(|_| !self.settings.calc_angular_acceleration);
        if self.collect_points {
            out.points.reserve(self.expected_points(batch.time_us));
        }
        match (omega, alpha) {
            (None, None) => self.resample::<false>(batch.time_us, batch.angle_deg, None, None, out),
            (omega, alpha) => self.resample::<true>(batch.time_us, batch.angle_deg, omega, alpha, out),
        }
        Ok(())
    }

    /// Resamples the samples and processes the grid points. `RATES`: whether device ω or α
    /// columns are used; without them both are 0 and are not interpolated.
    fn resample<const RATES: bool>(
        &mut self,
        time_us: &[f64],
        angle_deg: &[f64],
        omega: Option<&[f64]>,
        alpha: Option<&[f64]>,
        out: &mut Update,
    ) {
        // Lengths are checked by the caller; `get` keeps the loop free of panic paths all the same.
        let column = |c: Option<&[f64]>, i: usize| if RATES { c.and_then(|c| c.get(i)).copied().unwrap_or(0.0) } else { 0.0 };
        // Grid points are gathered a block at a time, then processed in one loop whose length
        // does not depend on the jitter of each sample (see `Resampler::next_two`).
        let zero = Sample { time_us: 0.0, angle_deg: 0.0, omega: 0.0, alpha: 0.0 };
        let mut grid = [GridPoint { sample: zero, first: false }; GRID_BLOCK];
        let mut filled = 0;
        // A local copy stays in registers across the loop (see `process`); written back below.
        let mut resampler = self.resampler;
        for (i, (&time_us, &angle_deg)) in time_us.iter().zip(angle_deg).enumerate() {
            let sample = Sample { time_us, angle_deg, omega: column(omega, i), alpha: column(alpha, i) };
            if !resampler.offer_with::<RATES>(sample) {
                out.skipped += 1;
                continue;
            }
            if filled + 2 > GRID_BLOCK {
                self.process(&grid[..filled.min(GRID_BLOCK)], out);
                filled = 0;
            }
            let (two, n, more) = resampler.next_two::<RATES>();
            if let Some(slots) = grid.get_mut(filled..filled + 2) {
                slots.copy_from_slice(&two);
            }
            filled += n;
            if more {
                while let Some(g) = resampler.next_point() {
                    if filled == GRID_BLOCK {
                        self.process(&grid, out);
                        filled = 0;
                    }
                    if let Some(slot) = grid.get_mut(filled) {
                        *slot = g;
                    }
                    filled += 1;
                }
            }
        }
        self.process(&grid[..filled.min(GRID_BLOCK)], out);
        self.resampler = resampler;
    }

    /// Runs grid points through smoothing and filtering into [`Downstream::derive`].
    fn process(&mut self, grid: &[GridPoint], out: &mut Update) {
        // The small stages go into locals (and back after the loop): the compiler keeps them in
        // registers, where state reached through `self` would be reloaded around every call.
        let mut smoother = self.smoother;
        let mut down = Downstream {
            deriver: self.deriver,
            next_index: self.next_index,
            collect_points: self.collect_points,
            window: &mut self.window,
            edges: &mut self.edges,
            detector: &mut self.detector,
        };
        let savgol = &mut self.savgol;
        for g in grid {
            if g.first {
                savgol.flush();
                down.drain(savgol, out);
            }
            match savgol.push(*g, smoother.push(g.sample.angle_deg, g.first)) {
                Some(f) => down.derive(&f, out),
                None => down.drain(savgol, out),
            }
        }
        (self.smoother, self.deriver, self.next_index) = (smoother, down.deriver, down.next_index);
    }

    /// End of data: appends the last points, which the filter held back for want of points
    /// after them, and the trailing rep if its eccentric phase has come to rest. The engine
    /// accepts no more data afterwards.
    pub fn finish(&mut self, out: &mut Update) -> Result<(), Error> {
        if self.finished {
            return Err(Error::new(ErrorKind::Finished, 0.0));
        }
        self.finished = true;
        self.savgol.flush();
        let mut down = Downstream {
            deriver: self.deriver,
            next_index: self.next_index,
            collect_points: self.collect_points,
            window: &mut self.window,
            edges: &mut self.edges,
            detector: &mut self.detector,
        };
        down.drain(&mut self.savgol, out);
        (self.deriver, self.next_index) = (down.deriver, down.next_index);
        out.reps.extend(self.detector.finish(&self.edges));
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

/// The stages after the filter, borrowed from an [`Engine`] for one call.
struct Downstream<'a> {
    deriver: Deriver,
    next_index: u64,
    collect_points: bool,
    window: &'a mut PowerWindow,
    edges: &'a mut Edges,
    detector: &'a mut RepDetector,
}

impl Downstream<'_> {
    /// Derives every filtered point that is due.
    #[inline]
    fn drain(&mut self, savgol: &mut SavGol, out: &mut Update) {
        while let Some(f) = savgol.pop() {
            self.derive(&f, out);
        }
    }

    /// Derives a filtered point and runs it through edges and rep detection into `out`.
    #[inline]
    fn derive(&mut self, f: &Filtered, out: &mut Update) {
        let point = self.deriver.derive(f);
        let (values, moving) = phase_values(&point, self.window.push(point.power, f.grid.first));
        let at = At { index: self.next_index, time_us: point.time_us };
        self.edges.push(at.index, at.time_us, f.grid.sample.angle_deg, f.angle_deg.abs(), moving);
        let detected = DetectorPoint { at, angle_deg: f.angle_deg, omega: point.angular_velocity, values, moving };
        if let Some(rep) = self.detector.push(&detected, self.edges) {
            out.reps.push(rep);
        }
        if let Some(turn) = self.detector.take_turn() {
            out.turns.push(turn);
        }
        if self.collect_points {
            out.points.push(&point);
        }
        out.point_count += 1;
        self.next_index += 1;
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
