//! Prints the engine's settings facts as JSON for the TypeScript side (`pkg/settings.json`,
//! written by `scripts/build-engine.sh`): the plausible range of each physical setting, so the
//! app, the batch command and the engine refuse the same values with the same words; and the
//! largest sample value the engine takes, so the sample stream skips the same samples with a
//! message instead of the engine dropping them silently.
//! The defaults too, so the settings screen starts from the engine's own values without loading
//! the engine; why the rates end where they do (a plain sentence, no quotes); the warmup reps a
//! set may start with (whole numbers, so apart from the ranges); and the travel of a rep's phase,
//! so a message that says why a file has no rep names the engine's own figure. `cargo run --quiet --profile native -p repline-engine --example settings_json`

use repline_engine::ranges::{Range, HZ, HZ_REASON, INERTIA, MASS, RADIUS, WARMUP};
use repline_engine::settings::{Settings, MAX_SAMPLE_VALUE, REP_TRAVEL_DEG};

fn range(r: &Range) -> String {
    format!(r#"{{ "min": {}, "max": {}, "unit": "{}" }}"#, r.min, r.max, r.unit)
}

fn main() {
    let ranges = [("hz", HZ), ("radius", RADIUS), ("inertia", INERTIA), ("mass", MASS)];
    let body: Vec<String> = ranges.iter().map(|(name, r)| format!(r#"    "{name}": {}"#, range(r))).collect();
    let d = Settings::default();
    let defaults = format!(
        r#"{{ "hz": {}, "radius": {}, "inertia": {}, "mass": {}, "calcAngularVelocity": {}, "calcAngularAcceleration": {}, "warmup": {} }}"#,
        d.hz, d.radius_m, d.inertia_kg_m2, d.mass_kg, d.calc_angular_velocity, d.calc_angular_acceleration, d.warmup
    );
    let warmup = range(&WARMUP);
    println!(
        "{{\n  \"ranges\": {{\n{}\n  }},\n  \"hzReason\": \"{HZ_REASON}\",\n  \"warmup\": {warmup},\n  \"defaults\": {defaults},\n  \"maxSampleValue\": {MAX_SAMPLE_VALUE:e},\n  \"repTravelDeg\": {REP_TRAVEL_DEG}\n}}",
        body.join(",\n")
    );
}
