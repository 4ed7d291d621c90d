//! What reaches the resampler: each raw sample checked, put on the session's clock, unwrapped,
//! watched for a sensor pinned at a limit, and kept out if no rope could have produced it.
//!
//! In order, per sample:
//! 1. **Checks**: a sample with a value that is not finite or beyond [`MAX_SAMPLE_VALUE`], or
//!    whose time does not increase by at least [`MIN_STEP_US`] over the last sample taken, is
//!    dropped and counted as skipped; one whose device ω or α no disc has ([`possible_rates`])
//!    is dropped and counted as rejected.
//! 2. **Clock**: times are taken relative to the session's first sample (its origin), so a unit
//!    or a file whose clock counts µs since 1970 (about 1.7·10¹⁵) gives exactly what the same
//!    samples timed from 0 give; the engine adds the origin back to every time it reports. The
//!    origin is the first sample's time within [`MAX_CLOCK_US`], and so is every time after it
//!    (a gap of days is a gap: the samples after it are taken). A step longer than
//!    [`MAX_GAP_US`] is a gap, counted ([`Counts::gaps`]): the data on either side are segments
//!    that nothing joins (the resampler's grid, the filter, the edges and the rep detector each
//!    end one and start the next; [`crate::reps`]).
//! 3. **Unwrapping**: a sensor that reports the angle modulo 360° (0–360° or ±180°) jumps by
//!    nearly a turn when the disc passes its wrap point. A step of more than half a turn between
//!    readings within a turn of 0 that a turn less is under a quarter turn is a wrap: the stage
//!    adds ±360° from there on and counts it ([`Counts::unwrapped`]). The turns the disc was
//!    wound before the first sample are unknown to such a sensor, so the reps are only right if
//!    the session started with the rope out (the caller shows the count as a warning).
//! 4. **Saturation**: a sensor pinned at a limit reads one value, exactly, while the rope goes
//!    on beyond it. A stretch of equal readings lasting [`SATURATION_SPAN_US`] or more that the
//!    rope entered at speed ([`entered_at_speed`]) and left faster than
//!    [`SATURATION_SPEED_DEG_S`] (measured over that span after its last reading) is counted in
//!    [`Counts::saturated`], with its |angle|, whatever the limit is. No rope does that: a rope
//!    stopped hard enters its rest at speed but leaves it from rest, a still rope's repeated ticks
//!    come and go slowly, and a moving rope's (an encoder's tick read twice) last a few
//!    milliseconds. Reported only:
//!    the figures of such reps are wrong (the travel past the limit is lost, the phase looks
//!    shorter and faster), and the caller says so.
//! 5. **Glitches** (the guard): a sample that leaves both its neighbours by more than the motion
//!    allows, and bursts of up to [`GLITCH_MAX_BURST`] such samples, are dropped and counted
//!    ([`Counts::rejected`]); the resampler then interpolates across them. See `Guard`.

use crate::settings::{Settings, GLITCH_MAX_BURST, GLITCH_REST_STEP_DEG, GLITCH_TOLERANCE_DEG, MAX_DEVICE_ALPHA_RAD_S2, MAX_CLOCK_US, MAX_GAP_US, MAX_SAMPLE_VALUE, MIN_STEP_US, SATURATION_SPAN_US, SATURATION_SPEED_DEG_S};

/// One sample with the values the engine uses (device ω/α are 0 when not used): what the input
/// stage takes (on the unit's clock, as read) and what it hands the resampler (on the session's
/// clock, unwrapped).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// µs
    pub time_us: f64,
    /// degrees from the calibration point
    pub angle_deg: f64,
    /// device angular velocity, rad/s
    pub omega: f64,
    /// device angular acceleration, rad/s²
    pub alpha: f64,
}

impl Sample {
    /// Finite, and within what a rope unit can report: beyond [`MAX_SAMPLE_VALUE`] (a time
    /// beyond [`MAX_CLOCK_US`] of the session's origin) the arithmetic downstream (squares of
    /// angles, rates times times) could overflow.
    pub(crate) fn is_plausible(&self) -> bool {
        self.time_us.abs() <= MAX_CLOCK_US
            && self.angle_deg.abs() <= MAX_SAMPLE_VALUE
            && self.omega.abs() <= MAX_SAMPLE_VALUE
            && self.alpha.abs() <= MAX_SAMPLE_VALUE
    }
}

/// What the stage counted: samples rejected as glitches, wraps undone, dead stops at a limit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Counts {
    /// Input samples dropped for a non-finite or out-of-range value or a time that does not
    /// increase (step 1).
    pub skipped: u64,
    /// Input samples no rope could have produced (step 5).
    pub rejected: u64,
    /// Wraps of a modulo-360° angle undone (step 3).
    pub unwrapped: u64,
    /// Stretches of equal readings entered and left at speed: a sensor pinned at a limit (step 4).
    pub saturated: u64,
    /// That |angle|, degrees (0 before any).
    pub saturation_deg: f64,
    /// Gaps between samples longer than [`MAX_GAP_US`]: the grid, and every phase, stop at one
    /// and start again after it (step 2).
    pub gaps: u64,
}

/// The physical bounds the stage judges samples by, in degrees and seconds at the session's
/// shaft radius ([`crate::settings`] has the reasons).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The largest angular acceleration of the disc, °/s².
    pub accel_deg_s2: f64,
    /// The largest angular speed of the disc, °/s.
    pub speed_deg_s: f64,
    /// The same, rad/s.
    pub omega_rad_s: f64,
}

impl Limits {
    /// The bounds for `settings`' radius ([`Settings::max_angular_acceleration`]; not its
    /// inertia, so that which samples are glitches, and so which reps there are, depend on the
    /// angle alone, as the app's runs at each load's inertia rely on).
    pub fn new(settings: &Settings) -> Limits {
        let omega_rad_s = settings.max_angular_speed();
        Limits { accel_deg_s2: settings.max_angular_acceleration().to_degrees(), speed_deg_s: omega_rad_s.to_degrees(), omega_rad_s }
    }

    /// The farthest the rope can move in `dt_us`, and the sensor's tolerance: degrees.
    #[inline(always)]
    pub fn reach(&self, dt_us: f64) -> f64 {
        GLITCH_TOLERANCE_DEG + self.speed_deg_s * dt_us * 1e-6
    }

    /// The farthest a sample can lie from the line through the two before it, `dt_us` after the
    /// last of them, if the rope accelerated as hard as it can: degrees, the tolerance included.
    #[inline(always)]
    pub fn bend(&self, dt_us: f64) -> f64 {
        let dt = dt_us * 1e-6;
        GLITCH_TOLERANCE_DEG + 0.5 * self.accel_deg_s2 * dt * dt
    }
}

/// Whether the sample at (`t`, `x`) carries on the motion of the two accepted before it, (`t0`,
/// `x0`) and (`t1`, `x1`): within the tolerance of the last, or within [`Limits::bend`] of the
/// line through both. Such a sample is taken without waiting for the ones after it. Written
/// without a division (the line's slope multiplied out), so the resampler's pre-pass can check a
/// run of samples without a branch; NaN times or angles make it false.
///
/// A rope at rest (its last step within [`GLITCH_REST_STEP_DEG`]: [`resting`]) carries on only
/// within the tolerance of where it rests: a sample further than that from a resting rope waits
/// for the samples after it (see `Guard`, Rest), though a pull could have taken the rope there.
#[inline(always)]
pub fn carries_on(limits: &Limits, (t0, x0): (f64, f64), (t1, x1): (f64, f64), (t, x): (f64, f64)) -> bool {
    let (h0, h1, step) = (t1 - t0, t - t1, x - x1);
    let near = step.abs() <= GLITCH_TOLERANCE_DEG;
    let off = (step * h0 - (x1 - x0) * h1).abs();
    near | ((off <= limits.bend(h1) * h0) & !resting(x0, x1))
}

/// Whether a rope whose last two accepted angles were `x0` and `x1` is at rest: it moved no
/// more than [`GLITCH_REST_STEP_DEG`] between them.
#[inline(always)]
pub fn resting(x0: f64, x1: f64) -> bool {
    (x1 - x0).abs() <= GLITCH_REST_STEP_DEG
}

/// Whether a sample's device ω and α (0 when the session does not use them) are a disc's: within
/// the rope's fastest ([`Limits::omega_rad_s`]) and [`MAX_DEVICE_ALPHA_RAD_S2`]. A sample with
/// either beyond is rejected (step 1): a debug file's corrupt rate cell never reaches a figure.
#[inline(always)]
pub fn possible_rates(limits: &Limits, s: &Sample) -> bool {
    (s.omega.abs() <= limits.omega_rad_s) & (s.alpha.abs() <= MAX_DEVICE_ALPHA_RAD_S2)
}

/// Whether the step from `from` to `to`, over `h_us`, is slower than half of
/// [`SATURATION_SPEED_DEG_S`].
#[inline(always)]
pub fn slow_step(from: f64, to: f64, h_us: f64) -> bool {
    (to - from).abs() <= 0.5e-6 * SATURATION_SPEED_DEG_S * h_us
}

/// Whether a stretch of equal readings whose first reading `x2` came after `x1` and `x0` (the
/// step to it over `h_us`) was entered at speed: one of the two steps into it faster than half
/// of [`SATURATION_SPEED_DEG_S`] (both over `h_us`: the last of them may be short, its sample
/// landing anywhere before the limit). Only such a stretch can be a pinned sensor's; the
/// resampler's fast path takes every other repeated reading, so that which stretches are judged
/// does not depend on the path.
#[inline(always)]
pub fn entered_at_speed(x0: f64, x1: f64, x2: f64, h_us: f64) -> bool {
    !(slow_step(x1, x2, h_us) & slow_step(x0, x1, h_us))
}

/// Whether a sample `c` is one the stage takes at once, as the resampler's fast path does: it
/// carries on the motion of the two before it, `a` and `b` ([`carries_on`]), it does not repeat
/// `b` after steps that may have been at speed ([`entered_at_speed`], `older` the reading before
/// `a`) and its step is under half a turn (no wrap can be undone).
#[inline(always)]
pub fn steady_step(limits: &Limits, older: f64, a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> bool {
    let repeat = (c.1 == b.1) & entered_at_speed(older, a.1, b.1, b.0 - a.0);
    carries_on(limits, a, b, c) & !repeat & ((c.1 - b.1).abs() <= 180.0)
}

/// A stretch of equal readings (step 4): its reading, when it was first and last read, whether the
/// rope came into it at speed ([`entered_at_speed`]), and whether it has ended.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Flat {
    value: f64,
    first_us: f64,
    last_us: f64,
    entered_fast: bool,
    ended: bool,
}

/// Samples held by the guard at most: a burst and the sample after it.
const HELD: usize = GLITCH_MAX_BURST + 1;

/// Slots of the ring of ready samples: a power of two above [`HELD`] + 1.
const READY: usize = 8;
const _: () = assert!(READY.is_power_of_two() && READY > HELD + 1);

/// The glitch test.
///
/// The rule. A sample that carries on the motion of the two accepted before it ([`carries_on`])
/// is accepted at once. Otherwise it waits for up to [`GLITCH_MAX_BURST`] samples after it, and
/// the shortest run from it of 1 to [`GLITCH_MAX_BURST`] samples is rejected for which
/// - the sample after the run, b, is within a rope's reach of the last accepted one, a
///   ([`Limits::reach`]): it can be trusted to judge the run; and
/// - every sample s of the run lies beyond both a and b on the same side, by more than a rope
///   can turn back in the time: with d_a = |s − a| − tolerance and d_b = |s − b| − tolerance,
///   √(2·d_a/α) + √(2·d_b/α) > t_b − t_a, α the disc's largest acceleration. A rope that leaves
///   a, reaches s and comes back to b must stop and turn between them; at most α, it covers
///   ½·α·τ² in the τ it takes to stop, and as much again going back.
///
/// If no run is rejected the sample is accepted. A monotone path, however fast (a hard stop, a
/// fast pull), never goes beyond both of its neighbours, so real movement is never rejected;
/// a real turn at the top of a rep is far gentler than α allows.
///
/// Rest. A rope only pulls: a disc at rest turns one way when it is pulled, and nothing but the
/// next rep's motion turns it back. So a rope at rest ([`resting`]) that leaves its place by more
/// than the tolerance and is back within the tolerance of it at b, the run beyond both, went
/// nowhere: the run is rejected whatever α would allow (a burst of wild readings in a rest, from
/// 100 Hz, where √(2d/α) alone lets three readings 120° off pass for a light disc pulled at
/// 5 kN). And a sample further than the tolerance from a resting rope is not taken at once: a
/// burst's first reading would otherwise pass as a pull and judge the next ones. A real pull from
/// rest moves less than the tolerance in its first sample (at the hardest pull it may wait for
/// the next few, and is taken then: it does not come back). At the start of a segment the
/// first sample is accepted as it is (nothing to judge it by), and at the end of data (or
/// before a gap) a sample with nothing after it is accepted.
///
/// Delay. A sample that carries on waits for nothing (every sample of real movement and of rest
/// does), one that does not for up to [`GLITCH_MAX_BURST`] more samples.
///
/// Reach. α is the hardest pull on the lightest flywheel, whatever plates the user chose, so
/// that which samples are glitches, and so the reps, depend on the angle alone. On the default
/// shaft it is 14 000 rad/s²: a single sample straying 40° (at 100 Hz; 10° at 200 Hz) beyond
/// both neighbours and the tolerance is a glitch, and a sign flip, a reading of 0 or a 180°
/// spike always is from 100 Hz up. A burst spans more time: at 100 Hz a few readings within
/// about 180° of a moving rope are within what such a flywheel could do and pass (in a rest they
/// do not: see Rest). The rep test ([`crate::reps`]) is the second line for what passes.
#[derive(Clone, Copy, Debug)]
struct Guard {
    /// The last two accepted samples of the segment, the newer last; `accepted` of them.
    history: [Sample; 2],
    accepted: u8,
    /// Samples waiting for a decision, oldest first, and each one's reading as read and the
    /// turns its unwrapping added (committed if it is accepted).
    held: [Sample; HELD],
    frames: [(f64, f64); HELD],
    held_len: usize,
}

/// The input stage (see the module notes).
#[derive(Clone, Debug)]
pub struct Input {
    limits: Limits,
    /// The session's clock origin, µs; NaN before the first sample.
    origin_us: f64,
    /// Time of the last sample taken, on the unit's clock (as read); NaN before the first. The
    /// checks of step 1 compare times as read, so that the resampler's pre-pass makes them on
    /// the same numbers.
    newest_us: f64,
    /// The last accepted angle as read, before unwrapping, and the turns added to it, degrees.
    raw_deg: f64,
    offset_deg: f64,
    /// The last three unwrapped angles taken, oldest first (the resampler's fast path checks a
    /// run's first steps by them), and the times of the last two, on the session's clock.
    recent: [f64; 3],
    recent_us: [f64; 2],
    /// The stretch of equal readings in progress, or ended and waiting for its exit speed.
    flat: Option<Flat>,
    guard: Guard,
    /// Samples decided and accepted, not yet taken by the resampler: a ring, oldest at
    /// `ready_from`. A sample taken releases at most [`HELD`] + 1 (a flush before a gap, then
    /// the sample after it), and the resampler takes every ready sample before the next.
    ready: [Sample; READY],
    ready_from: usize,
    ready_len: usize,
    counts: Counts,
}

impl Input {
    /// A stage for `settings`.
    pub fn new(settings: &Settings) -> Input {
        let zero = Sample { time_us: 0.0, angle_deg: 0.0, omega: 0.0, alpha: 0.0 };
        Input {
            limits: Limits::new(settings),
            origin_us: f64::NAN,
            newest_us: f64::NAN,
            raw_deg: f64::NAN,
            offset_deg: 0.0,
            recent: [f64::NAN; 3],
            recent_us: [f64::NAN; 2],
            flat: None,
            guard: Guard { history: [zero; 2], accepted: 0, held: [zero; HELD], frames: [(0.0, 0.0); HELD], held_len: 0 },
            ready: [zero; READY],
            ready_from: 0,
            ready_len: 0,
            counts: Counts::default(),
        }
    }

    /// The session's clock origin (µs), once a sample has set it.
    pub fn origin_us(&self) -> Option<f64> {
        Some(self.origin_us).filter(|t| !t.is_nan())
    }

    /// What the stage has counted so far, and then nothing (the counts start again).
    pub fn take_counts(&mut self) -> Counts {
        let saturation_deg = self.counts.saturation_deg;
        let counts = self.counts;
        self.counts = Counts { saturation_deg, ..Counts::default() };
        counts
    }

    /// The bounds it judges by.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Whether a run of samples can go to the resampler without the stage: nothing held or
    /// ready, two accepted samples to carry on from, and they are the last two taken (no
    /// rejected sample since), and no stretch of equal readings entered at speed open or waiting
    /// for its exit. Then [`Input::history`] is where the run starts from.
    #[inline(always)]
    pub fn idle(&self) -> bool {
        let [a, b] = self.guard.history;
        self.guard.held_len == 0 && self.ready_len == 0 && self.guard.accepted == 2 && self.recent[1..] == [a.angle_deg, b.angle_deg] && self.flat.is_none_or(|f| !f.entered_fast)
    }

    /// The last two samples taken (relative times, unwrapped), when [`Input::idle`].
    #[inline(always)]
    pub fn history(&self) -> [Sample; 2] {
        self.guard.history
    }

    /// The last angle taken, as read (before unwrapping), degrees.
    #[inline(always)]
    pub fn read_deg(&self) -> f64 {
        self.raw_deg
    }

    /// The three angles taken last, unwrapped, oldest first.
    #[inline(always)]
    pub fn recent_deg(&self) -> [f64; 3] {
        self.recent
    }

    /// The unwrapping offset, degrees (added to every angle read).
    #[inline(always)]
    pub fn offset_deg(&self) -> f64 {
        self.offset_deg
    }

    /// After the resampler took samples straight from the input (a run every sample of which
    /// [`steady_step`] passes, none after a gap, from [`Input::idle`]): the last two of them, on
    /// the session's clock and unwrapped (`before` is `None` when only one was taken), the
    /// unwrapped angle of the one before those two (ignored with `before` `None`), and the last
    /// one's time and angle as read.
    #[inline(always)]
    pub fn took(&mut self, before: Option<Sample>, older_deg: f64, last: Sample, (read_us, read_deg): (f64, f64)) {
        let g = &mut self.guard;
        g.history = [before.unwrap_or(g.history[1]), last];
        (self.recent, self.recent_us) = match before {
            Some(b) => ([older_deg, b.angle_deg, last.angle_deg], [b.time_us, last.time_us]),
            None => ([self.recent[1], self.recent[2], last.angle_deg], [self.recent_us[1], last.time_us]),
        };
        // A stretch the rope came into slowly (the only one a fast run follows) is no pinned
        // sensor's, however it ends.
        self.flat = None;
        self.newest_us = read_us;
        self.raw_deg = read_deg;
    }

    /// The time of the last sample taken, as read (µs on the unit's clock).
    #[inline(always)]
    pub fn newest_us(&self) -> f64 {
        self.newest_us
    }

    /// The next sample decided and accepted, for the resampler.
    #[inline]
    pub fn pop(&mut self) -> Option<Sample> {
        if self.ready_len == 0 {
            return None;
        }
        let s = self.ready[self.ready_from];
        self.ready_from = (self.ready_from + 1) & (READY - 1);
        self.ready_len -= 1;
        Some(s)
    }

    /// Takes the next raw sample (its time on the unit's clock): drops it if it fails the
    /// checks, else holds it for the guard; what the guard decides becomes ready ([`Input::pop`]).
    /// Call only while fewer than `HELD` samples are ready.
    pub fn take(&mut self, raw: Sample) {
        let origin = if self.origin_us.is_nan() { raw.time_us } else { self.origin_us };
        let s = Sample { time_us: raw.time_us - origin, ..raw };
        let plausible = origin.abs() <= MAX_CLOCK_US
            && s.time_us.abs() <= MAX_CLOCK_US
            && s.angle_deg.abs() <= MAX_SAMPLE_VALUE
            && s.omega.abs() <= MAX_SAMPLE_VALUE
            && s.alpha.abs() <= MAX_SAMPLE_VALUE;
        // `!(step >= MIN)` rather than `step < MIN`: a NaN step is refused too.
        #[allow(clippy::neg_cmp_op_on_partial_ord)]
        let late = !(raw.time_us - self.newest_us >= MIN_STEP_US);
        if !plausible || (!self.newest_us.is_nan() && late) {
            self.counts.skipped += 1;
            return;
        }
        if !possible_rates(&self.limits, &s) {
            self.counts.rejected += 1;
            return;
        }
        self.origin_us = origin;
        if !self.newest_us.is_nan() && raw.time_us - self.newest_us > MAX_GAP_US {
            // A new segment: nothing before the gap judges what comes after it.
            self.counts.gaps += 1;
            self.flush();
            self.guard.accepted = 0;
            (self.recent, self.recent_us, self.flat) = ([f64::NAN; 3], [f64::NAN; 2], None);
        }
        let frame = self.unwrap(s.angle_deg);
        let s = Sample { angle_deg: frame.0 + frame.1, ..s };
        self.watch(s.time_us, s.angle_deg);
        (self.recent, self.recent_us) = ([self.recent[1], self.recent[2], s.angle_deg], [self.recent_us[1], s.time_us]);
        self.newest_us = raw.time_us;
        self.guard_take(s, frame);
    }

    /// End of data (or of a segment): every sample held is decided with what there is.
    pub fn flush(&mut self) {
        while self.guard.held_len > 0 {
            self.decide(true);
        }
    }

    /// Step 3: the turns a wrapping sensor lost, for a reading `read`: the reading and the offset
    /// to add to it. A step of more than half a turn from the last accepted reading, both within
    /// a turn of 0, is a wrap when, a turn less, it is under a quarter of a turn: the disc turned
    /// a little past the sensor's wrap point. A quarter turn a sample is 9 000°/s at 100 Hz,
    /// beyond the physics-truth sets' fastest movement (6 400°/s). A half-turn glitch (a 180°
    /// spike) is no wrap: a turn less it is still nearly half a turn, and the guard then rejects
    /// it. The offset is the session's once the sample is accepted, so a rejected reading never
    /// shifts the ones after it.
    fn unwrap(&self, read: f64) -> (f64, f64) {
        let (last, offset) = (self.raw_deg, self.offset_deg);
        let step = read - last;
        let turn = 360.0f64.copysign(step);
        if step.abs() > 180.0 && read.abs() <= 360.0 && last.abs() <= 360.0 && (step - turn).abs() <= 90.0 {
            (read, offset - turn)
        } else {
            (read, offset)
        }
    }

    /// Step 4: stretches of equal readings, and those entered and left at speed (a pinned
    /// sensor); `x` is taken at `t`.
    fn watch(&mut self, t: f64, x: f64) {
        match self.flat {
            Some(f) if !f.ended && x == f.value => {
                self.flat = Some(Flat { last_us: t, ..f });
            }
            Some(f) => {
                // Off the stretch: once a span after its last reading, the speed it left at.
                let f = Flat { ended: true, ..f };
                let since = t - f.last_us;
                self.flat = if !f.entered_fast {
                    None
                } else if since >= SATURATION_SPAN_US {
                    if f.last_us - f.first_us >= SATURATION_SPAN_US && (x - f.value).abs() > 1e-6 * SATURATION_SPEED_DEG_S * since {
                        self.counts.saturated += 1;
                        self.counts.saturation_deg = f.value.abs();
                    }
                    None
                } else {
                    Some(f)
                };
            }
            None => {}
        }
        let [x0, x1, x2] = self.recent;
        if self.flat.is_none() && x == x2 {
            // A new stretch, from the reading before this one.
            let [t1, t2] = self.recent_us;
            let entered_fast = entered_at_speed(x0, x1, x2, t2 - t1);
            self.flat = Some(Flat { value: x, first_us: t2, last_us: t, entered_fast, ended: false });
        }
    }

    /// Step 5: the guard takes an unwrapped sample on the session's clock, with its reading and
    /// unwrapping offset.
    fn guard_take(&mut self, s: Sample, frame: (f64, f64)) {
        let g = &mut self.guard;
        if g.held_len == 0 && self.accepts_at_once(&s) {
            self.accept(s, frame);
            return;
        }
        let g = &mut self.guard;
        g.held[g.held_len] = s;
        g.frames[g.held_len] = frame;
        g.held_len += 1;
        while self.guard.held_len > 0 && self.decide(false) {}
    }

    /// Whether `s`, with nothing held before it, is accepted without waiting: the first of its
    /// segment, or it carries on the motion of the accepted samples ([`carries_on`]).
    fn accepts_at_once(&self, s: &Sample) -> bool {
        let [a0, a1] = self.guard.history;
        match self.guard.accepted {
            0 => true,
            1 => (s.angle_deg - a1.angle_deg).abs() <= GLITCH_TOLERANCE_DEG,
            _ => carries_on(&self.limits, (a0.time_us, a0.angle_deg), (a1.time_us, a1.angle_deg), (s.time_us, s.angle_deg)),
        }
    }

    /// Decides on the oldest held sample if it can (`all`: with what there is, as at the end of
    /// data); returns whether it did.
    fn decide(&mut self, all: bool) -> bool {
        // The samples read in place: a copy of the guard is a copy of every slot, in a
        // WebAssembly engine a call out of its code.
        let g = &self.guard;
        let first = (g.held[0], g.frames[0]);
        if self.accepts_at_once(&first.0) {
            self.settle(0, Some(first));
            return true;
        }
        for k in 1..=GLITCH_MAX_BURST {
            let g = &self.guard;
            let Some(b) = g.held.get(k).filter(|_| k < g.held_len) else {
                if all {
                    break;
                }
                return false;
            };
            if self.rejects(&g.held[..k], b) {
                self.settle(k, None);
                return true;
            }
        }
        self.settle(0, Some(first));
        true
    }

    /// Whether the run of held samples `run`, followed by `b`, is a glitch (see [`Guard`]).
    fn rejects(&self, run: &[Sample], b: &Sample) -> bool {
        let a = self.guard.history[1];
        let span_us = b.time_us - a.time_us;
        if (b.angle_deg - a.angle_deg).abs() > self.limits.reach(span_us) {
            return false;
        }
        let (lo, hi) = (a.angle_deg.min(b.angle_deg), a.angle_deg.max(b.angle_deg));
        let tolerance = GLITCH_TOLERANCE_DEG;
        let time = |d: f64| (2.0 * d / self.limits.accel_deg_s2).sqrt() * 1e6;
        // Back where a resting rope was: no rope went out and came back (see `Guard`, Rest).
        let [a0, _] = self.guard.history;
        let returned = self.guard.accepted == 2 && resting(a0.angle_deg, a.angle_deg) && (b.angle_deg - a.angle_deg).abs() <= tolerance;
        run.iter().all(|s| {
            let x = s.angle_deg;
            let beyond = x > hi + tolerance || x < lo - tolerance;
            let (da, db) = ((x - a.angle_deg).abs() - tolerance, (x - b.angle_deg).abs() - tolerance);
            beyond && (returned || time(da) + time(db) > span_us)
        })
    }

    /// Drops the `rejected` oldest held samples, or accepts the oldest (`accepted`).
    fn settle(&mut self, rejected: usize, accepted: Option<(Sample, (f64, f64))>) {
        let drop = rejected + usize::from(accepted.is_some());
        let g = &mut self.guard;
        // A slot at a time: a few slots at most, where a copy of the range would be a call out
        // of a WebAssembly engine's code.
        for k in drop..g.held_len.min(HELD) {
            g.held[k - drop] = g.held[k];
            g.frames[k - drop] = g.frames[k];
        }
        g.held_len -= drop;
        self.counts.rejected += rejected as u64;
        if let Some((s, frame)) = accepted {
            self.accept(s, frame);
        }
    }

    /// `s`, read as `frame.0` and unwrapped by `frame.1`, is accepted: it joins the history, its
    /// offset is the session's, and it waits for the resampler.
    fn accept(&mut self, s: Sample, (read, offset): (f64, f64)) {
        if offset != self.offset_deg {
            self.counts.unwrapped += 1;
        }
        (self.raw_deg, self.offset_deg) = (read, offset);
        let g = &mut self.guard;
        g.history = [g.history[1], s];
        g.accepted = (g.accepted + 1).min(2);
        debug_assert!(self.ready_len < READY, "the resampler takes every ready sample before the next");
        self.ready[(self.ready_from + self.ready_len) & (READY - 1)] = s;
        self.ready_len = (self.ready_len + 1).min(READY);
    }
}
