/**
 * The import check's parts on code written for them: the engine's module graph read from `crate::`
 * paths outside comments, literals and test items; circles sorted into known, unknown and stale;
 * the folder table's rows for `src/` folders, `cli/` and `server/`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { declaredImports, folderOf, rustModuleGraph, sortCircles } from './checkImports.mjs';

const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An engine of `files` ([file name in engine-rs/src/, its text]…) in a folder of its own. */
function engine(name: string, files: readonly (readonly [string, string])[]): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'engine-rs/src'), { recursive: true });
  for (const [file, text] of files) writeFileSync(join(dir, 'engine-rs/src', file), text);
  return dir;
}

const edges = (graph: Map<string, Map<string, string>>): string[] =>
  [...graph].flatMap(([from, to]) => [...to.keys()].map((t) => `${from.replace('engine-rs/src/', '')} → ${t.replace('engine-rs/src/', '')}`)).sort();

describe("the engine's module graph", () => {
  it('is read from use statements, grouped uses and paths written out in the code', () => {
    const dir = engine('uses', [
      ['lib.rs', 'pub mod a;\npub mod b;\npub mod c;\npub mod d;\n'],
      ['a.rs', 'use crate::b::Thing;\nuse crate::{c::One, d};\nfn f() -> f64 { crate::Settings::default(); 1.0 }\n'],
      ['b.rs', 'pub struct Thing;\nfn g() { let _ = crate::c::two(); }\n'],
      ['c.rs', 'pub fn two() {}\n'],
      ['d.rs', ''],
    ]);
    expect(edges(rustModuleGraph(dir))).toEqual(['a.rs → b.rs', 'a.rs → c.rs', 'a.rs → d.rs', 'b.rs → c.rs']);
  });

  it('leaves out what comments, strings and #[cfg(test)] items name', () => {
    const dir = engine('quiet', [
      ['lib.rs', 'pub mod a;\npub mod b;\n'],
      [
        'a.rs',
        `//! Uses [\`crate::b\`] in its docs only.
/* crate::b::X in a block comment */
const S: &str = "crate::b::X";
const R: &str = r#"use crate::b;"#;
fn open(c: char) -> bool { c == '{' }
#[cfg(test)]
mod tests {
    use crate::b::X;
    fn t() { let _ = crate::b::y(); }
}
#[cfg(test)]
use crate::b::Y;
`,
      ],
      ['b.rs', 'pub struct X;\n'],
    ]);
    expect(edges(rustModuleGraph(dir))).toEqual([]);
  });

  it('names the line that shows each edge', () => {
    const dir = engine('lines', [['lib.rs', ''], ['a.rs', '\n\nuse crate::b;\n'], ['b.rs', '']]);
    expect([...rustModuleGraph(dir).get('engine-rs/src/a.rs')!.values()]).toEqual(['engine-rs/src/a.rs:3 → engine-rs/src/b.rs']);
  });
});

describe('circles', () => {
  const circle = (...members: string[]) => ({ members, edges: [], what: 'module cycle' });

  it('are known when KNOWN_CIRCLES lists their members in any order, and fail otherwise', () => {
    const { expected, unexpected, stale } = sortCircles([circle('cli/a.ts', 'cli/b.ts'), circle('src/x/c.ts', 'src/x/d.ts')], [['cli/b.ts', 'cli/a.ts']]);
    expect(expected.map((c: { members: string[] }) => c.members)).toEqual([['cli/a.ts', 'cli/b.ts']]);
    expect(unexpected.map((c: { members: string[] }) => c.members)).toEqual([['src/x/c.ts', 'src/x/d.ts']]);
    expect(stale).toEqual([]);
  });

  it('listed as known but gone make the list stale, so that the entry is taken out', () => {
    expect(sortCircles([], [['engine-rs/src/input.rs', 'engine-rs/src/resample.rs']]).stale).toEqual(['engine-rs/src/input.rs ↔ engine-rs/src/resample.rs']);
  });

  it('of three modules are not one of their two-module parts', () => {
    const { unexpected } = sortCircles([circle('a', 'b', 'c')], [['a', 'b']]);
    expect(unexpected).toHaveLength(1);
  });
});

describe('the folder table', () => {
  const doc = `# Architecture

## Folders

| folder | holds | may import |
| --- | --- | --- |
| \`src/shared/\` | helpers | — |
| \`src/engine/\` | the engine | pkg |
| \`src/rules/\` | rules | engine (types, ranges) |
| \`cli/\` | the command | engine, rules |
| \`server/\` | the server | rules (types) |
| \`soak/\`, \`bench/\` | long runs | anything in \`src/\` (not checked) |

## Next
`;

  it('reads the rows of src/ folders, cli/ and server/, narrowed or not, in order, and no other', () => {
    const declared = declaredImports(doc) as Map<string, { folder: string; typesOnly: boolean; modules: string[] | null }[]>;
    expect([...declared.keys()]).toEqual(['shared', 'engine', 'rules', 'cli', 'server']);
    expect(declared.get('rules')).toEqual([{ folder: 'engine', typesOnly: true, modules: ['ranges'] }]);
    expect(declared.get('cli')).toEqual([
      { folder: 'engine', typesOnly: false, modules: null },
      { folder: 'rules', typesOnly: false, modules: null },
    ]);
    expect(declared.get('server')).toEqual([{ folder: 'rules', typesOnly: true, modules: null }]);
  });

  it('puts each file in its folder', () => {
    expect(['src/journal/store.ts', 'src/main.tsx', 'cli/batch.ts', 'server/app.ts', 'pkg/engine.js', 'bench/x.ts'].map(folderOf)).toEqual(['journal', undefined, 'cli', 'server', 'pkg', undefined]);
  });
});
