//! Per-phase accumulation: signed sums of ω, α and power (every metric a phase reports is linear
//! in them), peak velocity and power, and where the movement starts and ends, with rest trimmed.
//!
//! A phase's edges are only known in hindsight, and keeping its points until then would make
//! memory grow with the phase; so a phase is a fold ([`PhaseAcc`]) of its points in order, a
//! few sums wide, and the detector keeps a copy of the fold as it stood at the running extreme.
//!
//! Rest at the edges must not count, and sensor noise on a still rope must not pass for
//! movement. A point is "moving" when its filtered angle's rate is at least [`REST_OMEGA_RAD_S`]
//! ([`phase_values`]); consecutive moving points form a run, and a run is movement only once
//! its path (Σ|Δ|angle||) reaches [`PHASE_MOVE_DEG`]: sustained motion, beyond anything the
//! sensor's noise and ticks or a reading the glitch guard lets through can fake. A noise blip, a
//! wander of an encoder's ticks or a twitch of the rope stays rest. The phase's body runs from the first point of its first movement
//! to the last point of its last movement, rest inside included; rest and blips before and
//! after are trimmed.
//!
//! What a phase reports, over the movement from its start to its end (duration T):
//! - **Means of signed values, reported as magnitudes**: v̄ = Σv·Δt / T, and likewise
//!   acceleration, torque, tangential force, linear force and power. Noise on a still or moving
//!   rope averages out in a signed sum, where a mean of magnitudes would pile it up; and since
//!   ω's rate and power telescope ([`crate::derive`]), mean angular acceleration is Δω / T and
//!   mean power ΔKE / T (the flywheel's change of kinetic energy), at any rate and noise level.
//!   Signs: both phases report positive numbers. In the concentric the athlete drives the
//!   flywheel; in the eccentric the figure is the braking: mean braking torque, braking power
//!   (the kinetic energy taken out of the flywheel per second) and so on.
//! - **Net force** m·(ā_body + g) + |F̄|: the body's weight and mean acceleration plus the mean
//!   rope tension, which keeps one sign through a flywheel phase (driving, then braking).
//! - **Peak velocity**: the largest |v| of the phase's points; **peak power**: the peak of the
//!   power curve low-passed by a centred quartic fit ([`crate::window`]), in the phase's own
//!   direction (the largest driving power of a concentric, the largest braking power of an
//!   eccentric), over the values centred on the phase's points from the extreme before it to its
//!   own, rest included (smoothed power is about 0 at rest). A single point's P carries the
//!   noise of α. The fit's values come late, so the rep detector tracks this peak
//!   ([`crate::reps`]) and hands it to [`PhaseAcc::summary`].
//! - **Work**: |ΣP·Δt| over the phase, in joules; the same sum as mean power, so it is mean power
//!   × duration and, since power telescopes, the change of the flywheel's kinetic energy over
//!   the phase (concentric: put in by the athlete; eccentric: taken out by the athlete's braking).
//! - **Duration** from where the movement starts to where it ends: a rest edge as timed by
//!   [`crate::edges`], the turn where the filtered angle crosses 0 (a [`Split`] of the grid point
//!   there between the two phases), any other edge half a step beyond its grid point (a point's
//!   ω is the filtered rate at its instant, so it stands for the step centred on it).
//!
//! An empty phase (no movement) reports zeros, never NaN.

use crate::derive::Rates;
use crate::edges::Edges;
use crate::settings::{Settings, GRAVITY, PHASE_MOVE_DEG, REST_OMEGA_RAD_S, STILL_OMEGA_RAD_S};
use crate::window::{peak, stream_for, STREAMS};

/// Number of summed values: ω, α, the body's α and P (see [`phase_values`]).
pub const SUM_COUNT: usize = 4;

/// Values a point carries to the rep detector: the [`SUM_COUNT`] summed ones, then the
/// [`STREAMS`] smoothed powers ([`crate::window`]) that peak power is tracked from.
pub const VALUE_COUNT: usize = SUM_COUNT + STREAMS;

/// Index of the first smoothed power in a point's values.
pub const SMOOTHED: usize = SUM_COUNT;

/// Index of ω in a point's values.
pub const OMEGA: usize = 0;
/// Index of α.
const ALPHA: usize = 1;
/// Index of α signed as the body's acceleration (see [`phase_values`]).
const BODY_ALPHA: usize = 2;
/// Index of the power P.
const POWER: usize = 3;

/// Where a point is: its global grid index and time.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct At {
    /// Global grid index.
    pub index: u64,
    /// µs
    pub time_us: f64,
}

/// Sums over a stretch of points.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Sums {
    count: u64,
    /// Σω, Σα, Σ(body α), ΣP (signed)
    total: [f64; SUM_COUNT],
    /// max |ω|
    peak_omega: f64,
    first: At,
    last: At,
}

impl Sums {
    #[inline(always)]
    pub(crate) fn add_point(&mut self, m: &[f64; VALUE_COUNT], at: At) {
        if self.count == 0 {
            self.first = at;
        }
        self.last = at;
        self.count += 1;
        self.add_values(m);
    }

    /// Adds a point's values but not its place: for a caller's loop over points, which then
    /// calls [`Sums::placed`] once (the count and the last place, a store each a point, wait till
    /// then).
    #[inline(always)]
    pub(crate) fn add_values(&mut self, m: &[f64; VALUE_COUNT]) {
        for (t, x) in self.total.iter_mut().zip(m) {
            *t += x;
        }
        self.peak_omega = peak(self.peak_omega, m[OMEGA].abs());
    }

    /// [`Sums::add_values`] of each of `values` in turn.
    #[inline(always)]
    pub(crate) fn add_each(&mut self, values: &[[f64; VALUE_COUNT]]) {
        for m in values {
            self.add_values(m);
        }
    }

    /// After [`Sums::add_values`] of the points in slots `from..to` (not empty) of a caller's
    /// loop, each at `at(slot)`: the sums as [`Sums::add_point`] of each would have left them.
    #[inline(always)]
    pub(crate) fn placed(&mut self, from: usize, to: usize, at: impl Fn(usize) -> At) {
        if self.count == 0 {
            self.first = at(from);
        }
        self.count += (to - from) as u64;
        self.last = at(to - 1);
    }

    fn add(&mut self, other: &Sums) {
        if other.count == 0 {
            return;
        }
        if self.count == 0 {
            self.first = other.first;
        }
        self.last = other.last;
        self.count += other.count;
        for (t, x) in self.total.iter_mut().zip(&other.total) {
            *t += x;
        }
        self.peak_omega = peak(self.peak_omega, other.peak_omega);
    }
}

/// The values a phase folds, in that order, and whether the point is moving. Every metric a phase
/// reports a mean of is linear in ω or α (v = ω·r, a = α·2r, τ = I·α, F = τ/r, linear force
/// m·a_body with a_body = ∓a by the side of the calibration point the rope is on, P = τ·ω), so
/// a phase sums ω, α, α signed as the body's acceleration, and P, and scales the sums into
/// means once, at its summary: four additions per point where summing every metric would take
/// six. `angle_deg` is the point's filtered angle, `power` its P, `smoothed` what
/// [`crate::window::PowerSmoother`] gave at the point (centred before it). Whether the point is
/// moving is its filtered angle's own rate `angle_rate` (rad/s) against [`REST_OMEGA_RAD_S`],
/// even where the figures take the device's ω: the rope's movements, and so every edge and
/// boundary, come from the angle alone, so that no reading of a device's rate can move one.
#[inline(always)]
pub fn phase_values(r: &Rates, angle_deg: f64, power: f64, smoothed: [f64; STREAMS], angle_rate: f64) -> ([f64; VALUE_COUNT], bool) {
    let body_alpha = if angle_deg < 0.0 { r.alpha } else { -r.alpha };
    ([r.omega, r.alpha, body_alpha, power, smoothed[0], smoothed[1]], angle_rate.abs() >= REST_OMEGA_RAD_S)
}

/// The peak power of a phase of `duration_s` whose fits' peaks are `peaks` (W): the fit its
/// duration picks ([`stream_for`]).
#[inline]
pub fn peak_power(duration_s: f64, peaks: &[f64; STREAMS]) -> f64 {
    peaks[stream_for(duration_s)]
}

/// A grid point shared by two phases (the turn): from `time_us`, the fraction `after` of its
/// step belongs to the later phase.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Split {
    /// Global grid index of the point.
    pub index: u64,
    /// Its [`phase_values`].
    pub values: [f64; VALUE_COUNT],
    /// Fraction of its step after `time_us`, 0–1.
    pub after: f64,
    /// Where the phases meet, µs.
    pub time_us: f64,
}

/// What a phase summary needs besides its points: the grid step, and the settings that turn
/// the summed ω and α into metrics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Context {
    /// Grid step, µs.
    pub step_us: f64,
    /// The athlete's weight m·g, N.
    pub weight: f64,
    /// Shaft radius r, m.
    pub radius: f64,
    /// 2r, m.
    pub two_radius: f64,
    /// 1/r, 1/m.
    pub inv_radius: f64,
    /// Flywheel inertia I, kg·m².
    pub inertia: f64,
    /// Body mass m, kg.
    pub mass: f64,
}

impl Context {
    /// The context of `settings`.
    pub fn new(settings: &Settings) -> Context {
        Context {
            step_us: settings.step_us(),
            weight: settings.mass_kg * GRAVITY,
            radius: settings.radius_m,
            two_radius: 2.0 * settings.radius_m,
            inv_radius: 1.0 / settings.radius_m,
            inertia: settings.inertia_kg_m2,
            mass: settings.mass_kg,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// The last point was still.
    None,
    /// Moving points that have not yet travelled [`PHASE_MOVE_DEG`].
    Unconfirmed,
    /// Moving points that have: movement.
    Confirmed,
}

/// The stretch a still point joins (see [`PhaseAcc::resting`]), for a caller's loop over points
/// by slot: each adds its values, and where the sums' points begin and end is set once, by
/// [`PhaseAcc::rested`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Resting {
    /// The rest after the body, or before any movement the lead.
    sums: Sums,
    after_body: bool,
    lead_sign: i8,
    /// The slow-down after the body while it lasts (`ramp_sign` ≠ 0), as in [`PhaseAcc`].
    ramp: Sums,
    ramp_sign: i8,
    /// The slot of the first point added here.
    from: usize,
    /// The slot from which `sums` has the points added here (later than `from` when the lead
    /// began afresh).
    since: usize,
    /// How many points the ramp has from `from` on (the slow-down, once over, stays over).
    ramp_added: usize,
}

impl Resting {
    /// What still points join in a fold of no points yet ([`PhaseAcc::new`]), the first at `slot`.
    pub(crate) fn empty(slot: usize) -> Resting {
        Resting { sums: Sums::default(), after_body: false, lead_sign: 0, ramp: Sums::default(), ramp_sign: 0, from: slot, since: slot, ramp_added: 0 }
    }

    /// Adds the still point at `slot`, as [`PhaseAcc::push`] does.
    #[inline(always)]
    pub(crate) fn add(&mut self, m: &[f64; VALUE_COUNT], slot: usize) {
        if !self.after_body {
            self.add_lead(m, slot);
            return;
        }
        if self.ramp_sign != 0 {
            if sign(m[OMEGA]) == self.ramp_sign {
                self.ramp.add_values(m);
                self.ramp_added += 1;
            } else {
                self.ramp_sign = 0;
            }
        }
        self.sums.add_values(m);
    }

    /// Whether this is the rest after the body, its slow-down over: [`Resting::add_rests`] then
    /// does what [`Resting::add`] does.
    #[inline(always)]
    pub(crate) fn is_rest(&self) -> bool {
        self.after_body && self.ramp_sign == 0
    }

    /// Whether this is the lead: [`Resting::add_lead`] then does what [`Resting::add`] does.
    #[inline(always)]
    pub(crate) fn is_lead(&self) -> bool {
        !self.after_body
    }

    /// [`Resting::add`] of each point of `values` in turn to the rest after the body
    /// ([`Resting::is_rest`]).
    #[inline(always)]
    pub(crate) fn add_rests(&mut self, values: &[[f64; VALUE_COUNT]]) {
        self.sums.add_each(values);
    }

    /// [`Resting::add`] of each point of `values`, the first at `slot`, in turn to the lead
    /// ([`Resting::is_lead`]). Only the points since ω last changed sign add up, so they are
    /// found from the last point back, and only they are read twice.
    #[inline(always)]
    pub(crate) fn add_leads(&mut self, values: &[[f64; VALUE_COUNT]], slot: usize) {
        let Some(last) = values.last() else { return };
        let s = sign(last[OMEGA]);
        // The first of the trailing points of sign s (≠ 0), each of which adds to the lead.
        let mut k = values.len() - 1;
        if s != 0 {
            while k > 0 && sign(values[k - 1][OMEGA]) == s {
                k -= 1;
            }
        }
        // The lead begins afresh there unless it is the first point and goes on the lead's sign.
        if !(k == 0 && s != 0 && s == self.lead_sign) {
            (self.sums, self.lead_sign, self.since) = (Sums::default(), s, slot + k);
        }
        self.sums.add_each(&values[k..]);
    }

    /// [`Resting::add`] of the point at `slot` to the lead ([`Resting::is_lead`]).
    #[inline(always)]
    pub(crate) fn add_lead(&mut self, m: &[f64; VALUE_COUNT], slot: usize) {
        let s = sign(m[OMEGA]);
        if s == 0 || s != self.lead_sign {
            (self.sums, self.lead_sign, self.since) = (Sums::default(), s, slot);
        }
        self.sums.add_values(m);
    }

    /// [`PhaseAcc::rest_keeps_figures`] of the fold this stretch was taken from, with the
    /// points added so far.
    #[inline(always)]
    pub(crate) fn keeps_figures(&self) -> bool {
        self.is_lead() || self.is_rest()
    }
}

/// Fold of a phase's points, in order (see the module notes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhaseAcc {
    /// From the first movement to the end of the last movement closed so far.
    body: Sums,
    /// After the body: rest and blips, kept in case movement resumes.
    trail: Sums,
    /// The open run.
    run: Sums,
    run_state: Run,
    run_path_deg: f64,
    last_p: f64,
    /// Direction (sign of ω) of the open run.
    run_sign: i8,
    /// Before the body: the still points since ω last changed sign, in direction `lead_sign`.
    lead: Sums,
    lead_sign: i8,
    /// Whether the body's first movement continued the lead (same direction).
    lead_used: bool,
    /// After the body: the still points until ω changes sign, in direction `ramp_sign` (0: over).
    ramp: Sums,
    ramp_sign: i8,
}

/// The way a point's ω goes: −1, 0 (within [`STILL_OMEGA_RAD_S`] of 0) or 1.
fn sign(omega: f64) -> i8 {
    i8::from(omega > STILL_OMEGA_RAD_S) - i8::from(omega < -STILL_OMEGA_RAD_S)
}

impl PhaseAcc {
    /// An empty fold of a phase that starts at rope position `p` (|angle|, degrees).
    pub fn new(p: f64) -> PhaseAcc {
        PhaseAcc {
            body: Sums::default(),
            trail: Sums::default(),
            run: Sums::default(),
            run_state: Run::None,
            run_path_deg: 0.0,
            last_p: p,
            run_sign: 0,
            lead: Sums::default(),
            lead_sign: 0,
            lead_used: false,
            ramp: Sums::default(),
            ramp_sign: 0,
        }
    }

    /// Adds the next point: its [`phase_values`], rope position `p` and place `at`.
    #[inline(always)]
    pub fn push(&mut self, m: &[f64; VALUE_COUNT], moving: bool, p: f64, at: At) {
        if moving {
            if self.run_state == Run::None {
                self.run_state = Run::Unconfirmed;
                self.run = Sums::default();
                self.run_path_deg = 0.0;
                self.run_sign = sign(m[OMEGA]);
            }
            self.run.add_point(m, at);
            if self.run_state == Run::Unconfirmed {
                self.run_path_deg += (p - self.last_p).abs();
                if self.run_path_deg >= PHASE_MOVE_DEG {
                    self.run_state = Run::Confirmed;
                }
            }
        } else {
            self.close_run();
            let s = sign(m[OMEGA]);
            if self.body.count > 0 {
                self.trail.add_point(m, at);
                if self.ramp_sign != 0 && s == self.ramp_sign {
                    self.ramp.add_point(m, at);
                } else {
                    self.ramp_sign = 0;
                }
            } else if s != 0 && s == self.lead_sign {
                self.lead.add_point(m, at);
            } else {
                self.lead = Sums::default();
                self.lead.add_point(m, at);
                self.lead_sign = s;
            }
        }
        self.last_p = p;
    }

    /// True while the latest points are movement (not rest, not a blip).
    pub fn is_moving(&self) -> bool {
        self.run_state == Run::Confirmed
    }

    /// The open run while it is confirmed movement: all a moving point changes then is the run's
    /// sums and the last rope position, so a caller may fold such points into this copy and
    /// hand it back with [`PhaseAcc::moved`] (see [`crate::reps::RepDetector::steady`]).
    #[inline(always)]
    pub(crate) fn moving_run(&self) -> Option<Sums> {
        (self.run_state == Run::Confirmed).then_some(self.run)
    }

    /// The run from [`PhaseAcc::moving_run`] with moving points added, the last at position `p`.
    #[inline(always)]
    pub(crate) fn moved(&mut self, run: Sums, p: f64) {
        self.run = run;
        self.last_p = p;
    }

    /// The open run, movement or not yet (a run of moving points that has not travelled
    /// [`PHASE_MOVE_DEG`]): its sums, whether it is movement, and the path it has travelled
    /// while it is not. A moving point adds its values, and while the run is not movement its
    /// step |p − [`PhaseAcc::last_p`]| to the path, and the run is movement once the path
    /// reaches [`PHASE_MOVE_DEG`] (as [`PhaseAcc::push`] does); a caller's loop carries such
    /// points and hands the run back with [`PhaseAcc::travelled`] (or [`PhaseAcc::moved`], a
    /// run that was movement already).
    #[inline(always)]
    pub(crate) fn open_run(&self) -> Option<(Sums, bool, f64)> {
        (self.run_state != Run::None).then_some((self.run, self.run_state == Run::Confirmed, self.run_path_deg))
    }

    /// The rope position of the last point added.
    #[inline(always)]
    pub(crate) fn last_p(&self) -> f64 {
        self.last_p
    }

    /// The run from [`PhaseAcc::open_run`], not yet movement then, with moving points added,
    /// `path` its path since it opened, the last point at position `p`: movement once `path`
    /// reaches [`PHASE_MOVE_DEG`].
    #[inline(always)]
    pub(crate) fn travelled(&mut self, run: Sums, path: f64, p: f64) {
        self.run = run;
        self.run_path_deg = path;
        if path >= PHASE_MOVE_DEG {
            self.run_state = Run::Confirmed;
        }
        self.last_p = p;
    }

    /// What a still point joins while no run is open: the rest after the body (and the
    /// slow-down, while it lasts), or before any movement the lead (the still points since ω
    /// last changed sign), the first point to come at `slot` of a caller's loop. Fold still
    /// points into this copy with [`Resting::add`] and hand it back with [`PhaseAcc::rested`].
    #[inline(always)]
    pub(crate) fn resting(&self, slot: usize) -> Option<Resting> {
        if self.run_state != Run::None {
            return None;
        }
        let after_body = self.body.count > 0;
        let sums = if after_body { self.trail } else { self.lead };
        Some(Resting { sums, after_body, lead_sign: self.lead_sign, ramp: self.ramp, ramp_sign: self.ramp_sign, from: slot, since: slot, ramp_added: 0 })
    }

    /// Whether still points would leave the phase's figures ([`PhaseAcc::summary`],
    /// [`PhaseAcc::movement_end`]) as they are: no run open, and no movement yet (the figures
    /// are zeros) or its slow-down over (they join the rest after the body, which no figure
    /// counts).
    #[inline(always)]
    pub(crate) fn rest_keeps_figures(&self) -> bool {
        self.run_state == Run::None && (self.body.count == 0 || self.ramp_sign == 0)
    }

    /// The stretch from [`PhaseAcc::resting`] with the still points in slots up to `to` added
    /// (at least one), each at `at(slot)`, the last at position `p`.
    #[inline(always)]
    pub(crate) fn rested(&mut self, mut r: Resting, to: usize, at: impl Fn(usize) -> At, p: f64) {
        r.sums.placed(r.since, to, &at);
        if r.ramp_added > 0 {
            r.ramp.placed(r.from, r.from + r.ramp_added, &at);
        }
        if r.after_body {
            (self.trail, self.ramp, self.ramp_sign) = (r.sums, r.ramp, r.ramp_sign);
        } else {
            (self.lead, self.lead_sign) = (r.sums, r.lead_sign);
        }
        self.last_p = p;
    }

    fn close_run(&mut self) {
        match self.run_state {
            Run::None => {}
            Run::Unconfirmed if self.body.count > 0 => {
                self.trail.add(&self.run);
                self.ramp_sign = 0;
            }
            Run::Unconfirmed => {
                self.lead = Sums::default();
                self.lead_sign = 0;
            }
            Run::Confirmed => {
                if self.body.count == 0 {
                    self.lead_used = self.lead_sign != 0 && self.lead_sign == self.run_sign;
                }
                self.body.add(&self.trail);
                self.body.add(&self.run);
                self.trail = Sums::default();
                self.ramp = Sums::default();
                self.ramp_sign = self.run_sign;
            }
        }
        self.run_state = Run::None;
    }

    /// Index of the last point of the phase's last movement, as if it ended at the last point
    /// pushed (`None` without movement): its peak power is final once the smoothed power
    /// centred there has come (what is centred on the rest after it is about 0).
    pub fn movement_end(&self) -> Option<u64> {
        let mut closed = *self;
        closed.close_run();
        (closed.body.count > 0).then_some(closed.body.last.index)
    }

    /// The phase's figures, as if it ended at the last point pushed (see the module notes):
    /// `head` is the point before the phase that it shares with the previous one, `tail` its
    /// last point, shared with the next; `peaks` the largest smoothed power of each fit over the
    /// phase so far, in its own direction ([`crate::reps`] tracks them).
    pub fn summary(&self, c: &Context, edges: &Edges, head: Option<&Split>, tail: Option<&Split>, peaks: &[f64; STREAMS]) -> PhaseSummary {
        let mut closed = *self;
        closed.close_run();
        if closed.body.count == 0 {
            return PhaseSummary::default();
        }
        // The speed-up before the first movement and the slow-down after the last, below the
        // rest threshold, are still the phase's: with them its Δω runs from rest to rest.
        let mut total = closed.body.total;
        let mut peak_omega = closed.body.peak_omega;
        let lead = if closed.lead_used { Some(&closed.lead) } else { None };
        for extra in lead.into_iter().chain([&closed.ramp]) {
            for (t, x) in total.iter_mut().zip(&extra.total) {
                *t += x;
            }
            peak_omega = peak_omega.max(extra.peak_omega);
        }
        let b = &closed.body;
        let mut start_us = edges.onset_near(b.first.index).unwrap_or(b.first.time_us - 0.5 * c.step_us);
        let mut end_us = edges.stop_near(b.last.index).unwrap_or(b.last.time_us + 0.5 * c.step_us);
        if let Some(h) = head.filter(|h| h.index + 1 == b.first.index) {
            for (t, x) in total.iter_mut().zip(&h.values) {
                *t += h.after * x;
            }
            start_us = h.time_us;
        }
        if let Some(t) = tail.filter(|t| t.index == b.last.index) {
            for (sum, x) in total.iter_mut().zip(&t.values) {
                *sum -= t.after * x;
            }
            end_us = t.time_us;
        }
        let grid_us = b.last.time_us - b.first.time_us + c.step_us;
        let duration_us = if end_us - start_us > 0.0 { end_us - start_us } else { grid_us };
        let mean = |i: usize| total[i] * c.step_us / duration_us;
        let (alpha, power) = (mean(ALPHA), mean(POWER));
        let torque = c.inertia * alpha;
        let force = torque * c.inv_radius;
        let linear_force = c.mass * (c.two_radius * mean(BODY_ALPHA));
        let duration_s = duration_us / 1e6;
        PhaseSummary {
            duration_s,
            velocity: (c.radius * mean(OMEGA)).abs(),
            acceleration: (c.two_radius * alpha).abs(),
            torque: torque.abs(),
            force: force.abs(),
            linear_force: linear_force.abs(),
            net_force: linear_force + c.weight + force.abs(),
            power: power.abs(),
            peak_velocity: c.radius * peak_omega,
            peak_power: peak_power(duration_s, peaks),
            work: (total[POWER] * c.step_us * 1e-6).abs(),
            start_us,
            end_us: start_us + duration_us,
        }
    }
}

/// Summary of one phase (see the module notes for each figure).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseSummary {
    /// s, from where the movement starts to where it ends
    pub duration_s: f64,
    /// |mean v|, m/s
    pub velocity: f64,
    /// |mean a|, m/s²
    pub acceleration: f64,
    /// |mean τ|, N·m
    pub torque: f64,
    /// |mean F|, N
    pub force: f64,
    /// |mean linearForce|, N
    pub linear_force: f64,
    /// m·(mean a_body + g) + |mean F|, N
    pub net_force: f64,
    /// |mean P|, W
    pub power: f64,
    /// peak |v|, m/s
    pub peak_velocity: f64,
    /// peak of the smoothed P in the phase's direction, W (see the module notes)
    pub peak_power: f64,
    /// |ΣP·Δt|, J: the energy put into the flywheel (concentric) or taken out of it (eccentric)
    pub work: f64,
    /// Where the movement starts and ends, µs on the session's clock (0 for an empty phase).
    pub start_us: f64,
    /// See `start_us`.
    pub end_us: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 10 Hz, and r = I = m = 1: a phase's mean velocity is its mean ω, its force its mean α.
    const CONTEXT: Context = Context { step_us: 100_000.0, weight: 800.0, radius: 1.0, two_radius: 2.0, inv_radius: 1.0, inertia: 1.0, mass: 1.0 };

    fn at(k: usize) -> At {
        At { index: k as u64, time_us: k as f64 * CONTEXT.step_us }
    }

    /// Folds points given as (ω, rope position °) at 10 Hz; a point moves when ω ≠ 0. Every
    /// other value is 1.
    fn fold(points: &[(f64, f64)]) -> PhaseAcc {
        let mut a = PhaseAcc::new(points.first().map_or(0.0, |p| p.1));
        for (k, &(v, p)) in points.iter().enumerate() {
            a.push(&[v, 1.0, 1.0, 1.0, 1.0, 1.0], v != 0.0, p, at(k));
        }
        a
    }

    fn summary(points: &[(f64, f64)]) -> PhaseSummary {
        fold(points).summary(&CONTEXT, &Edges::new(10.0, 0, 0.0), None, None, &[0.0; STREAMS])
    }

    macro_rules! summarises {
        ($($name:ident: $points:expr => ($n:expr, $mean:expr, $peak:expr);)*) => {$(
            #[test]
            fn $name() {
                let s = summary(&$points);
                assert_eq!((s.duration_s, s.velocity, s.peak_velocity), ($n as f64 / 10.0, $mean, $peak));
            }
        )*};
    }

    summarises! {
        trims_rest_at_both_edges: [(0.0, 0.0), (0.0, 0.0), (2.0, 50.0), (4.0, 100.0), (0.0, 100.0)] => (2, 3.0, 4.0);
        keeps_rest_inside_the_phase: [(0.0, 0.0), (2.0, 50.0), (0.0, 50.0), (0.0, 50.0), (4.0, 100.0), (0.0, 100.0)] => (4, 1.5, 4.0);
        trims_a_blip_that_travels_under_the_confirmation_path: [(3.0, 0.0), (0.0, 0.0), (2.0, 50.0), (4.0, 100.0), (0.0, 100.0), (9.0, 105.0), (0.0, 100.0)] => (2, 3.0, 4.0);
        counts_a_run_from_its_first_point_once_it_travels_enough: [(0.0, 0.0), (1.0, 5.0), (1.0, 10.0), (1.0, 15.0), (1.0, 20.0), (0.0, 20.0)] => (4, 1.0, 1.0);
        gives_zeros_for_an_empty_phase: [] => (0, 0.0, 0.0);
        gives_zeros_for_a_phase_at_rest_or_blips: [(0.0, 0.0), (5.0, 10.0), (0.0, 10.0)] => (0, 0.0, 0.0);
        reports_the_magnitude_of_a_negative_mean: [(0.0, 100.0), (-2.0, 50.0), (-4.0, 0.0)] => (2, 3.0, 4.0);
    }

    #[test]
    fn a_still_point_whose_omega_is_zero_but_for_rounding_goes_neither_way() {
        // Still points creeping the way the pull goes lead into it; one in the middle whose ω is
        // 0 but for the filter's rounding ends that lead whichever side of 0 its rounding lands.
        let summarise = |x: f64| {
            let mut a = PhaseAcc::new(0.0);
            for (k, v) in [-0.1, -0.1, x, -0.1, -0.1].into_iter().enumerate() {
                a.push(&[v, 1.0, 1.0, 1.0, 1.0, 1.0], false, 0.0, at(k));
            }
            for (k, (v, p)) in [(-2.0, 50.0), (-4.0, 100.0)].into_iter().enumerate() {
                a.push(&[v, 1.0, 1.0, 1.0, 1.0, 1.0], true, p, at(5 + k));
            }
            a.push(&[0.0; VALUE_COUNT], false, 100.0, at(7));
            a.summary(&CONTEXT, &Edges::new(10.0, 0, 0.0), None, None, &[0.0; STREAMS])
        };
        let exact = summarise(0.0);
        for rounding in [-5e-13, 5e-13, -3.8e-12] {
            assert_eq!(summarise(rounding), exact, "ω {rounding}");
        }
        assert_ne!(summarise(-1e-6), exact, "a still point that creeps the pull's way, however slowly, carries the lead on");
    }

    #[test]
    fn lets_noise_cancel_in_a_signed_mean_where_a_mean_of_magnitudes_would_pile_it_up() {
        // 1 m/s with ±0.5 m/s of alternating noise: the mean stays 1.
        let points: Vec<(f64, f64)> = (0..10).map(|k| (if k % 2 == 0 { 1.5 } else { 0.5 }, 10.0 * k as f64)).collect();
        assert_eq!(summary(&points).velocity, 1.0);
        let swinging: Vec<(f64, f64)> = (0..10).map(|k| (if k % 2 == 0 { 3.0 } else { -1.0 }, 10.0 * k as f64)).collect();
        assert_eq!(summary(&swinging).velocity, 1.0, "not the mean |v| of 2");
    }

    #[test]
    fn adds_the_weight_and_the_mean_rope_tension_to_net_force() {
        let mut a = PhaseAcc::new(0.0);
        for k in 0..4 {
            // v = 1, tangential force −200 N (braking): α = −200; linear force m·2r·(body α) = 50 N
            a.push(&[1.0, -200.0, 25.0, 0.0, 0.0, 0.0], true, 10.0 * k as f64, at(k));
        }
        let s = a.summary(&CONTEXT, &Edges::new(10.0, 0, 0.0), None, None, &[0.0; STREAMS]);
        assert_eq!((s.force, s.linear_force, s.net_force), (200.0, 50.0, 50.0 + 800.0 + 200.0));
    }

    #[test]
    fn shares_the_turn_point_between_the_phases_at_the_crossing() {
        // Four points of v = 2; the last is the turn, 0.3 of its step after the crossing.
        let mut conc = PhaseAcc::new(0.0);
        for k in 0..4 {
            conc.push(&[2.0, 0.0, 0.0, 0.0, 0.0, 0.0], true, 10.0 * k as f64, at(k));
        }
        let turn = Split { index: 3, values: [2.0, 0.0, 0.0, 0.0, 0.0, 0.0], after: 0.3, time_us: 3.2 * CONTEXT.step_us };
        let edges = Edges::new(10.0, 0, 0.0);
        let s = conc.summary(&CONTEXT, &edges, None, Some(&turn), &[0.0; STREAMS]);
        // From −0.05 s (half a step before point 0) to 0.32 s, covering 3.7 points of v = 2.
        assert!((s.duration_s - 0.37).abs() < 1e-12 && (s.velocity - 2.0).abs() < 1e-12, "{s:?}");
        let mut ecc = PhaseAcc::new(0.0);
        for k in 4..6 {
            ecc.push(&[2.0, 0.0, 0.0, 0.0, 0.0, 0.0], true, 10.0 * k as f64, at(k));
        }
        let e = ecc.summary(&CONTEXT, &edges, Some(&turn), None, &[0.0; STREAMS]);
        assert!((e.duration_s - 0.23).abs() < 1e-12 && (e.velocity - 2.0).abs() < 1e-12, "{e:?}");
    }

    #[test]
    fn tells_movement_from_rest_and_blips() {
        let mut a = PhaseAcc::new(0.0);
        a.push(&[1.0; VALUE_COUNT], true, 10.0, at(0));
        assert!(!a.is_moving(), "10° is a blip so far");
        a.push(&[1.0; VALUE_COUNT], true, 30.0, at(1));
        assert!(a.is_moving());
        a.push(&[0.0; VALUE_COUNT], false, 30.0, at(2));
        assert!(!a.is_moving());
    }
}
