//! The numbers that cross to TypeScript through wasm memory, and their layout, written once.
//!
//! A call into the WebAssembly engine leaves a header of numbers at a fixed place in wasm memory
//! ([`Header`]) and, when reps or turns closed, their records beside it: each rep's numbers in
//! the order of [`Record::LAYOUT`], then its concentric and eccentric phases ([`PhaseSummary`]'s
//! layout); each turn likewise (its concentric after it). The lists below are the only place
//! that order is written: the writers come from them ([`Record::write`]), and so do the
//! TypeScript readers and types (`src/engine/generated/records.ts`, written by
//! [`typescript`] when `npm run build:engine` runs; a native test fails when the committed file
//! differs from what the lists give).
//!
//! Every number is an `f64`: indices and counts are integers well within 2^53.

use crate::phase::PhaseSummary;
use crate::reps::{Rep, Turn};
use crate::session::Update;

/// A number of a record: its JavaScript name and what it is (its unit, for TypeScript's docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The property name TypeScript reads it into.
    pub name: &'static str,
    /// What it is, with its unit.
    pub doc: &'static str,
}

/// Where a record's numbers go, in order: its own fields, then each nested phase's numbers.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The TypeScript type's name.
    pub name: &'static str,
    /// What the record is.
    pub doc: &'static str,
    /// Its own numbers, in the order written.
    pub fields: &'static [Field],
    /// Its phases, each a [`PhaseSummary`] record, after its own numbers.
    pub phases: &'static [Field],
}

impl Layout {
    /// Numbers in one record, phases included.
    pub const fn len(&self) -> usize {
        self.fields.len() + self.phases.len() * PhaseSummary::LAYOUT.fields.len()
    }

    /// Whether the record holds no number.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A value written to TypeScript as numbers in wasm memory.
pub trait Record {
    /// Its fields, in the order [`Record::write`] appends them.
    const LAYOUT: Layout;
    /// Appends the record's numbers to `out` ([`Record::LAYOUT`]`.len()` of them).
    fn write(&self, out: &mut Vec<f64>);
}

/// Implements [`Record`] from one list: each field's JavaScript name, doc and value (`|r| …` of
/// the value written), then the nested phases; the layout and the writer cannot disagree.
macro_rules! record {
    (
        $(#[doc = $doc:literal])*
        $ty:ident $(<$lt:lifetime>)? as $js:literal {
            $($(#[doc = $fdoc:literal])* $field:literal: |$r:ident| $value:expr,)*
        }
        $(phases {
            $($(#[doc = $pdoc:literal])* $phase:literal: |$p:ident| $pvalue:expr,)*
        })?
    ) => {
        impl$(<$lt>)? Record for $ty$(<$lt>)? {
            const LAYOUT: Layout = Layout {
                name: $js,
                doc: concat!($($doc, "\n"),*),
                fields: &[$(Field { name: $field, doc: concat!($($fdoc, "\n"),*) }),*],
                phases: &[$($(Field { name: $phase, doc: concat!($($pdoc, "\n"),*) }),*)?],
            };
            #[inline]
            fn write(&self, out: &mut Vec<f64>) {
                out.extend_from_slice(&[$({
                    let $r = self;
                    $value
                }),*]);
                $($({
                    let $p = self;
                    $pvalue
                }
                .write(out);)*)?
            }
        }
    };
}

record! {
    /// One phase of a rep (`engine-rs/src/phase.rs` defines each figure). Means are of the
    /// signed values over the movement, reported as magnitudes: in the eccentric they are the
    /// braking torque, force and power. Mean angular acceleration is Δω / duration and mean power
    /// the flywheel's change of kinetic energy / duration.
    PhaseSummary as "PhaseSummary" {
        /// s, from where the movement starts to where it ends
        "duration": |p| p.duration_s,
        /// |mean v|, m/s
        "velocity": |p| p.velocity,
        /// |mean a|, m/s²
        "acceleration": |p| p.acceleration,
        /// |mean τ|, N·m
        "torque": |p| p.torque,
        /// |mean tangential force|, N
        "force": |p| p.force,
        /// |mean linear force|, N
        "linearForce": |p| p.linear_force,
        /// m·(mean body acceleration + g) + |mean tangential force|, N
        "netForce": |p| p.net_force,
        /// |mean power|, W
        "power": |p| p.power,
        /// peak |v|, m/s
        "peakVelocity": |p| p.peak_velocity,
        /// peak of the smoothed power in the phase's direction, W
        "peakPower": |p| p.peak_power,
        /// |ΣP·Δt|, J
        "work": |p| p.work,
    }
}

record! {
    /// One repetition: concentric from `start` to `turn`, eccentric from `turn` to `end` (indices
    /// of the session's grid points).
    Rep as "Rep" {
        /// 0-based position in the session
        "index": |r| f64::from(r.index),
        /// index − warmup + 1; ≤ 0 is a warmup rep
        "count": |r| r.count as f64,
        /// Concentric start, grid index: the |angle| maximum before the pull
        "start": |r| r.start as f64,
        /// Turning point, grid index: the |angle| minimum (rope fully out)
        "turn": |r| r.turn as f64,
        /// Eccentric end, grid index: the next |angle| maximum
        "end": |r| r.end as f64,
        /// When the pull's movement starts, µs on the session's clock
        "startUs": |r| r.concentric.start_us,
        /// When the return's movement ends, µs on the session's clock
        "endUs": |r| r.eccentric.end_us,
        /// Eccentric / concentric peak power (0 without concentric power)
        "peakPowerRatio": |r| r.peak_power_ratio,
        /// Eccentric / concentric mean power (0 without concentric power)
        "meanPowerRatio": |r| r.mean_power_ratio,
    }
    phases {
        /// The pull
        "concentric": |r| &r.concentric,
        /// The return
        "eccentric": |r| &r.eccentric,
    }
}

record! {
    /// A rep's concentric phase, published as soon as its turn is certain (the rope has come back
    /// 180° from fully out): the pull's figures one eccentric earlier than the whole rep. The rep
    /// with the same index closes later with the same concentric figures, except that its peak
    /// power may be higher (the turn's is the peak so far: the smoothed power centred on the
    /// pull's last 0.2–0.45 s comes later); a turn whose rep never closes (the data ended
    /// mid-return) stays a turn.
    Turn as "Turn" {
        /// The index the rep will have
        "index": |t| f64::from(t.index),
        /// The count the rep will have (≤ 0: warmup)
        "count": |t| t.count as f64,
        /// Concentric start, grid index
        "start": |t| t.start as f64,
        /// Turning point, grid index
        "turn": |t| t.turn as f64,
        /// When the pull's movement starts, µs on the session's clock
        "startUs": |t| t.concentric.start_us,
    }
    phases {
        /// The pull
        "concentric": |t| &t.concentric,
    }
}

/// What one call into an engine produced, as the header the JavaScript boundary leaves in wasm
/// memory: the counts of an [`Update`] and where the call's records are.
#[derive(Clone, Copy, Debug)]
pub struct Header<'a> {
    /// The call's results.
    pub update: &'a Update,
    /// Byte address in wasm memory of the call's records (the reps, then the turns).
    pub records_at: usize,
    /// Numbers in those records.
    pub records_len: usize,
}

record! {
    /// The header of a call (see `engine-rs/src/bindings.rs`).
    Header<'a> as "Header" {
        /// Samples dropped: time not increasing, a value not finite
        "skipped": |h| h.update.skipped as f64,
        /// Grid points produced
        "pointCount": |h| h.update.point_count as f64,
        /// Reps closed
        "reps": |h| h.update.reps.len() as f64,
        /// Concentric phases made certain before their reps close
        "turns": |h| h.update.turns.len() as f64,
        /// Byte address of the records in wasm memory
        "recordsAt": |h| h.records_at as f64,
        /// Numbers in the records
        "recordsLength": |h| h.records_len as f64,
        /// Samples rejected as glitches
        "rejected": |h| h.update.rejected as f64,
        /// Wraps of an angle read modulo 360° undone
        "unwrapped": |h| h.update.unwrapped as f64,
        /// Dead stops at the sensor's limit
        "saturated": |h| h.update.saturated as f64,
        /// That limit, |angle| in degrees (0 while none is known)
        "saturationDeg": |h| h.update.saturation_deg,
        /// Rep candidates refused
        "refused": |h| h.update.refused as f64,
        /// Gaps in the samples longer than a second, at which every phase stops and starts again
        "gaps": |h| h.update.gaps as f64,
    }
}

/// The TypeScript module of the records: for each record its interface (the docs above), its
/// length and a reader that builds it from wasm memory as an object literal (one shape, cheap to
/// build in V8, where an object built key by key from a list of names is not); for the header, its
/// fields' indices. `npm run build:engine` writes it to `src/engine/generated/records.ts`.
pub fn typescript() -> String {
    let mut ts = String::from(
        "// Generated from engine-rs/src/records.rs by `npm run build:engine` (repline_engine::records::typescript):\n\
         // do not edit. The engine writes these records into wasm memory in this order; a native test\n\
         // (engine-rs/src/tests/records.rs) fails when this file and the Rust lists disagree.\n",
    );
    for layout in [PhaseSummary::LAYOUT, Rep::LAYOUT, Turn::LAYOUT] {
        record_ts(&mut ts, &layout);
    }
    header_ts(&mut ts, &Header::LAYOUT);
    ts
}

/// `doc` as a JSDoc comment indented by `indent`.
fn jsdoc(ts: &mut String, indent: &str, doc: &str) {
    let lines: Vec<&str> = doc.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    match lines.as_slice() {
        [] => {}
        [one] => ts.push_str(&format!("{indent}/** {one} */\n")),
        many => {
            ts.push_str(&format!("{indent}/**\n"));
            for line in many {
                ts.push_str(&format!("{indent} * {line}\n"));
            }
            ts.push_str(&format!("{indent} */\n"));
        }
    }
}

/// Upper snake case of a type name: `PhaseSummary` → `PHASE_SUMMARY`.
fn constant(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

fn record_ts(ts: &mut String, layout: &Layout) {
    let (name, length) = (layout.name, format!("{}_LENGTH", constant(layout.name)));
    ts.push('\n');
    jsdoc(ts, "", layout.doc);
    ts.push_str(&format!("export interface {name} {{\n"));
    for f in layout.fields {
        jsdoc(ts, "  ", f.doc);
        ts.push_str(&format!("  {}: number;\n", f.name));
    }
    for p in layout.phases {
        jsdoc(ts, "  ", p.doc);
        ts.push_str(&format!("  {}: {};\n", p.name, PhaseSummary::LAYOUT.name));
    }
    ts.push_str("}\n\n");
    ts.push_str(&format!("/** Numbers in one {name} record. */\nexport const {length} = {};\n\n", layout.len()));
    ts.push_str(&format!("/** The {name} whose record starts at index `at` of `n`. */\n"));
    ts.push_str(&format!("export function read{name}(n: Float64Array, at: number): {name} {{\n  return {{\n"));
    for (i, f) in layout.fields.iter().enumerate() {
        let at = if i == 0 { "at".to_owned() } else { format!("at + {i}") };
        ts.push_str(&format!("    {}: n[{at}]!,\n", f.name));
    }
    let phase_len = PhaseSummary::LAYOUT.fields.len();
    for (k, p) in layout.phases.iter().enumerate() {
        let offset = layout.fields.len() + k * phase_len;
        ts.push_str(&format!("    {}: read{}(n, at + {offset}),\n", p.name, PhaseSummary::LAYOUT.name));
    }
    ts.push_str("  };\n}\n");
}

fn header_ts(ts: &mut String, layout: &Layout) {
    let name = constant(layout.name);
    ts.push('\n');
    jsdoc(ts, "", &format!("Where each number of the {} is, as indices from its start.\n{}", layout.name.to_lowercase(), layout.doc));
    ts.push_str(&format!("export const {name} = {{\n"));
    for (i, f) in layout.fields.iter().enumerate() {
        jsdoc(ts, "  ", f.doc);
        ts.push_str(&format!("  {}: {i},\n", f.name));
    }
    ts.push_str("} as const;\n\n");
    ts.push_str(&format!("/** Numbers in the {}. */\nexport const {name}_LENGTH = {};\n", layout.name.to_lowercase(), layout.len()));
}
