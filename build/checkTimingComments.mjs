/**
 * Fails when a comment of the engine's Rust code (`engine-rs/src/**\/*.rs`, and the `#` comments
 * of `engine-rs/Cargo.toml`) states a timing figure. Comments say what stays true (units,
 * invariants, why a structure is as it is); how fast something ran is a measurement of one day on
 * one machine, and rots: figures go to `bench/results.json`, the account of what was measured,
 * kept and left out to `engine-rs/PERF-HISTORY.md`. Run by `npm test`. What it finds, each as a
 * file:line and the figure:
 *
 * - a throughput: "31 M samples/s", "26.9 M/s", "40 k points/s";
 * - a date, the mark of a dated run: "2026-11-24";
 * - an instruction count: "113 → 86 native instructions", "547.7 M instructions";
 * - a duration under a second (ns, µs, ms) said of the code's speed: near a word such as faster,
 *   slower, took, costs, best of, alternating, V8, callgrind, natively, wasm or the hour (the
 *   benchmark's session), or in a sentence comparing runs, before and now or after
 *   ("13–14 µs before, 5 now", "0.7 ms slower", "the hour took 0.7–1.0 ms less").
 *
 * A duration that is part of the physics or the product's behaviour ("a fit over ±50 ms",
 * "15 ms at 200 Hz", "20 ms power blocks") is not a timing of the code and passes.
 *
 * usage: node build/checkTimingComments.mjs
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rustPieces } from './rustSource.mjs';

const NUMBER = String.raw`\d[\d.,]*(?:\s?[–-]\s?\d[\d.,]*)?`;
const RULES = [
  { what: 'a throughput', pattern: new RegExp(String.raw`${NUMBER}\s*(?:[kMG]\s*(?:samples?|points?|reps?)?|samples?|points?)\s*/\s*s\b`, 'g') },
  { what: 'a date', pattern: /\b20\d\d-[01]\d-[0-3]\d\b/g },
  {
    what: 'an instruction count',
    pattern: new RegExp(String.raw`${NUMBER}\s*(?:[kMG]\s+|%\s+(?:fewer|more)\s+)?(?:(?:→|->)\s*${NUMBER}\s*(?:[kMG]\s+)?)?(?:native\s+)?instructions\b`, 'g'),
  },
];
const DURATION = new RegExp(String.raw`${NUMBER}\s*(?:ns|µs|us|ms)\b`, 'g');
/** A duration as a share of a run: "1.1 ms of about 30", "0.8 ms of 24", "1 ms of the hour's 24". */
const SHARE = new RegExp(String.raw`^\s*of\s+(?:about\s+|its\s+|the hour's\s+)?\d`);
/** Words that make a nearby duration a timing of the code. */
const ABOUT_SPEED =
  /\b(?:faster|slower|took|costs?|best of|alternating|against|V8|callgrind|profile|benchmark|throughput|quiet spell|natively|wasm|WebAssembly|the hour|reps only|morning|afternoon|evening)\b/i;
/** A comparison of two runs: "13–14 µs before, 5 now", "before … after". */
const BEFORE_AND_AFTER = /\bbefore\b.*\b(?:now|after)\b/is;
/** How far from a duration (characters, within its sentence) a word about speed counts. */
const NEAR = 60;

/**
 * The comments of Rust source `text`, each as `{ line, text }` (1-based line of its start); line
 * comments on consecutive lines are one comment. Strings and character literals are skipped, so a
 * `//` inside one is not a comment (rustSource.mjs).
 */
export function rustComments(text) {
  const comments = [];
  for (const piece of rustPieces(text)) {
    if (piece.kind === 'code' || piece.kind === 'literal') continue;
    const raw = text.slice(piece.start, piece.end);
    const lineComment = piece.kind === 'line comment';
    const body = lineComment ? raw.replace(/^\/\/[/!]?/, '') : raw.replace(/^\/\*[*!]?|\*\/$/g, '');
    const last = comments.at(-1);
    if (lineComment && last?.lineComment && last.endLine === piece.line - 1) {
      last.text += '\n' + body;
      last.endLine = piece.line;
    } else comments.push({ line: piece.line, endLine: piece.line + body.split('\n').length - 1, text: body, lineComment });
  }
  return comments.map(({ line, text }) => ({ line, text }));
}

/** The `#` comments of a TOML file, each as `{ line, text }` (a `#` inside a string is not one). */
export function tomlComments(text) {
  return text.split('\n').flatMap((content, k) => {
    const at = content.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, (s) => ' '.repeat(s.length)).indexOf('#');
    return at === -1 ? [] : [{ line: k + 1, text: content.slice(at + 1) }];
  });
}

/** The timing figures in one comment, each as `{ line, figure, what }` (line within the file). */
export function timingFigures({ line, text }) {
  const found = [];
  const lineOf = (offset) => line + text.slice(0, offset).split('\n').length - 1;
  for (const { what, pattern } of RULES) {
    for (const m of text.matchAll(pattern)) found.push({ at: m.index, figure: m[0], what });
  }
  // Sentences: ended by a full stop, semicolon or question mark before a space, or a list item.
  let offset = 0;
  for (const sentence of text.split(/(?<=[.;?!])\s+|\n\s*(?=[-*] )/)) {
    const at = text.indexOf(sentence, offset);
    offset = at + sentence.length;
    const comparison = BEFORE_AND_AFTER.test(sentence);
    for (const m of sentence.matchAll(DURATION)) {
      const near = sentence.slice(Math.max(0, m.index - NEAR), m.index + m[0].length + NEAR);
      const share = SHARE.test(sentence.slice(m.index + m[0].length));
      if (comparison || share || ABOUT_SPEED.test(near)) found.push({ at: at + m.index, figure: m[0], what: "a duration said of the code's speed" });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ at, figure, what }) => ({ line: lineOf(at), figure, what }));
}

function rustFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return rustFiles(path);
    return entry.name.endsWith('.rs') ? [path] : [];
  });
}

/** Every timing figure in the engine's comments under `cwd`, as `file:line: what "figure"`. */
export function findTimingComments({ cwd = process.cwd() } = {}) {
  const files = [
    ...rustFiles(join(cwd, 'engine-rs/src')).map((path) => ({ path, comments: rustComments(readFileSync(path, 'utf8')) })),
    { path: join(cwd, 'engine-rs/Cargo.toml'), comments: tomlComments(readFileSync(join(cwd, 'engine-rs/Cargo.toml'), 'utf8')) },
  ];
  return files.flatMap(({ path, comments }) =>
    comments.flatMap(timingFigures).map(({ line, figure, what }) => `${relative(cwd, path)}:${line}: ${what}, "${figure.replace(/\s+/g, ' ')}"`),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = findTimingComments();
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} timing figure(s) in the engine's comments: comments say what stays true; put the figure in bench/results.json, the advice in engine-rs/PERF.md and the account in engine-rs/PERF-HISTORY.md.`,
    );
    process.exit(1);
  }
  console.log('checkTimingComments: no timing figure in the engine\'s comments');
}
