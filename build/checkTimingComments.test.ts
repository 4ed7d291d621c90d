/**
 * The timing-comment check on comments written for it: the timings of a lab diary it must find,
 * and the durations of physics and behaviour it must leave alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { findTimingComments, rustComments, timingFigures, tomlComments } from './checkTimingComments.mjs';

type Found = { line: number; figure: string; what: string };
const figuresIn = (rust: string): string[] => rustComments(rust).flatMap((c: { line: number; text: string }) => timingFigures(c) as Found[]).map((f: Found) => f.figure);

describe('the timing-comment check', () => {
  it('finds the timings of a lab diary: throughputs, dated runs, instruction counts, before and after', () => {
    const diary = `//! Speed: through WebAssembly 22.5–23.4 ms (31 M samples/s; 26.8 ms and 26.9 M/s on the
//! afternoon of 2026-11-24). On the 200 Hz hour, 113 → 86 native instructions a sample.
fn push() {
    // A push that closes a rep: 13–14 µs before, 5 now.
    let x = 1;
    /* Blocks of 128 were 0.9 ms slower. */
}
/// One buffer per engine zeroed 11.5 MB at each reprocessing,
/// 1.1 ms of about 30.
const INPUT: u8 = 0;
`;
    expect(figuresIn(diary)).toEqual(['22.5–23.4 ms', '31 M samples/s', '26.8 ms', '26.9 M/s', '2026-11-24', '113 → 86 native instructions', '13–14 µs', '0.9 ms', '1.1 ms']);
  });

  it('says on which line each figure is', () => {
    const rust = 'fn a() {}\n\n/// First line of a doc,\n/// where V8 took 3 ms more.\nfn b() {}\n';
    expect(rustComments(rust).flatMap(timingFigures)).toEqual([{ line: 4, figure: '3 ms', what: "a duration said of the code's speed" }]);
  });

  it("leaves the durations of physics and of the product's behaviour alone", () => {
    const physics = `//! A centred Savitzky–Golay fit over ±50 ms (about 10 Hz of bandwidth, 50 ms of live lag).
//! A sample that leaves the motion waits for up to 3 more (6 ms at 500 Hz raw, 15 ms at 200 Hz).
/// Power averaged over 20 ms blocks; a rope stopped hard was timed 45 ms late before the speed fit.
/// 1.8° encoder ticks and ±1.5 ms of timing jitter, the median over a set's reps within 2 %.
const W: f64 = 0.05;
`;
    expect(figuresIn(physics)).toEqual([]);
  });

  it('reads no comment inside a string, and is not thrown by lifetimes and character literals', () => {
    const rust = `fn f<'a>(s: &'a str) -> (&'a str, char, &'static str) {
    let quote = '"';
    (s, quote, "// V8 took 5 ms less")
}
const RAW: &str = r#"/* 10 M samples/s */ "quoted""#;
// After them, a real comment: 2 ms faster.
`;
    expect(figuresIn(rust)).toEqual(['2 ms']);
  });

  it("reads Cargo.toml's comments, not its values", () => {
    const toml = `[package]\ndescription = "a # in a string, 3 M samples/s"\n# natively 17.3 ms against 20.5\nwasm-opt = false # and 40 M/s here\n`;
    expect(tomlComments(toml).flatMap(timingFigures).map((f: Found) => `${f.line}:${f.figure}`)).toEqual(['3:17.3 ms', '4:40 M/s']);
  });

  const root = mkdtempSync(join(tmpdir(), 'timing-comments-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('fails a project whose engine comments hold a timing, naming the file and line', () => {
    mkdirSync(join(root, 'engine-rs/src/tests'), { recursive: true });
    writeFileSync(join(root, 'engine-rs/Cargo.toml'), '[package]\nname = "x"\n');
    writeFileSync(join(root, 'engine-rs/src/lib.rs'), '//! The engine.\npub mod block;\n');
    writeFileSync(join(root, 'engine-rs/src/tests/speed.rs'), '#[test]\nfn t() {}\n// Natively 17.3 ms against 20.5 for the hour.\n');
    expect(findTimingComments({ cwd: root })).toEqual([
      'engine-rs/src/tests/speed.rs:3: a duration said of the code\'s speed, "17.3 ms"',
    ]);
  });

  it("passes this project's engine", () => {
    expect(findTimingComments()).toEqual([]);
  });
});
