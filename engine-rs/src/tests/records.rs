//! The records that cross to TypeScript: the committed readers are what the Rust lists give, and
//! each writer writes its layout's numbers, in its order.

use crate::phase::PhaseSummary;
use crate::records::{typescript, Header, Record};
use crate::reps::{Rep, Turn};
use crate::session::Update;

/// Where `npm run build:engine` writes the readers, from the crate's folder.
const GENERATED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../src/engine/generated/records.ts");

#[test]
fn the_committed_typescript_readers_are_what_the_rust_layout_gives() {
    let committed = std::fs::read_to_string(GENERATED).unwrap_or_else(|e| panic!("{GENERATED}: {e}"));
    assert!(
        committed == typescript(),
        "src/engine/generated/records.ts differs from the layout in engine-rs/src/records.rs: run `npm run build:engine` and commit it"
    );
}

/// A phase whose numbers are `first`, `first + 1` … in the order of its struct's fields.
fn phase(first: f64) -> PhaseSummary {
    let n = |k: f64| first + k;
    PhaseSummary {
        duration_s: n(0.0),
        velocity: n(1.0),
        acceleration: n(2.0),
        torque: n(3.0),
        force: n(4.0),
        linear_force: n(5.0),
        net_force: n(6.0),
        power: n(7.0),
        peak_velocity: n(8.0),
        peak_power: n(9.0),
        work: n(10.0),
        ..PhaseSummary::default()
    }
}

fn written<R: Record>(record: &R) -> Vec<f64> {
    let mut out = vec![-1.0];
    record.write(&mut out);
    out.remove(0);
    assert_eq!(out.len(), R::LAYOUT.len(), "{} writes its layout's length", R::LAYOUT.name);
    out
}

#[test]
fn a_phase_is_written_in_the_order_its_layout_names() {
    let names: Vec<&str> = PhaseSummary::LAYOUT.fields.iter().map(|f| f.name).collect();
    assert_eq!(names, ["duration", "velocity", "acceleration", "torque", "force", "linearForce", "netForce", "power", "peakVelocity", "peakPower", "work"]);
    assert_eq!(written(&phase(100.0)), (0..11).map(|k| 100.0 + f64::from(k)).collect::<Vec<_>>());
}

#[test]
fn a_rep_is_its_own_numbers_then_its_concentric_then_its_eccentric() {
    let mut concentric = phase(100.0);
    concentric.start_us = 5e5;
    let mut eccentric = phase(200.0);
    eccentric.end_us = 2.5e6;
    let rep = Rep { index: 3, count: 2, start: 10, turn: 20, end: 30, concentric, eccentric, peak_power_ratio: 1.25, mean_power_ratio: 0.75 };
    let out = written(&rep);
    let own: Vec<(&str, f64)> = Rep::LAYOUT.fields.iter().map(|f| f.name).zip(out.iter().copied()).collect();
    assert_eq!(
        own,
        [("index", 3.0), ("count", 2.0), ("start", 10.0), ("turn", 20.0), ("end", 30.0), ("startUs", 5e5), ("endUs", 2.5e6), ("peakPowerRatio", 1.25), ("meanPowerRatio", 0.75)]
    );
    assert_eq!(out[9..20], written(&concentric)[..]);
    assert_eq!(out[20..], written(&eccentric)[..]);
}

#[test]
fn a_turn_is_its_own_numbers_then_its_concentric() {
    let mut concentric = phase(100.0);
    concentric.start_us = 5e5;
    let turn = Turn { index: 4, count: -1, start: 11, turn: 21, concentric };
    let out = written(&turn);
    let own: Vec<(&str, f64)> = Turn::LAYOUT.fields.iter().map(|f| f.name).zip(out.iter().copied()).collect();
    assert_eq!(own, [("index", 4.0), ("count", -1.0), ("start", 11.0), ("turn", 21.0), ("startUs", 5e5)]);
    assert_eq!(out[5..], written(&concentric)[..]);
}

#[test]
fn the_header_holds_the_counts_of_an_update_and_where_the_records_are() {
    let update = Update { skipped: 1, point_count: 2, rejected: 7, unwrapped: 8, saturated: 9, saturation_deg: 170.5, refused: 11, gaps: 12, ..Update::default() };
    let out = written(&Header { update: &update, records_at: 4096, records_len: 62 });
    let named: Vec<(&str, f64)> = Header::LAYOUT.fields.iter().map(|f| f.name).zip(out).collect();
    assert_eq!(
        named,
        [
            ("skipped", 1.0),
            ("pointCount", 2.0),
            ("reps", 0.0),
            ("turns", 0.0),
            ("recordsAt", 4096.0),
            ("recordsLength", 62.0),
            ("rejected", 7.0),
            ("unwrapped", 8.0),
            ("saturated", 9.0),
            ("saturationDeg", 170.5),
            ("refused", 11.0),
            ("gaps", 12.0)
        ]
    );
}
