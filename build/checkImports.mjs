/**
 * Fails when the code's imports break the layering ARCHITECTURE.md declares, or go round in a
 * circle. Run by `npm test`.
 *
 * - The TypeScript of `src/`, `cli/` and `server/` (when it exists): no import cycles, between two
 *   modules or between two folders (one folder per layer or feature of `src/`, and `cli/` and
 *   `server/` each one folder).
 * - Each of those folders imports only what its row of ARCHITECTURE.md's folder table allows
 *   ("may import"), and every allowance there is used, so the table is the one place the direction
 *   is written and cannot drift from the code. A cell lists folders (`engine` for `src/engine/`,
 *   `pkg` for the engine's build), each optionally narrowed in parentheses: `(types)` for type-only
 *   imports, or modules and subfolders of that folder (`stores (alerts)`, `device (index, unit)`),
 *   or both (`engine (types, wasmEngine)`: types from anywhere in the folder, values from those
 *   modules only); `—` for none. `shared` (tiny helpers) may be imported by any folder and is not listed. The rows
 *   go from the lowest layer up, and a folder may import only folders in rows above its own. A row
 *   of a folder that does not exist yet (`server/`) is checked once it has code.
 *   Files directly in `src/` (`main.tsx`) belong to no folder and are not checked.
 * - The engine's Rust modules (`engine-rs/src/*.rs`): no circle of `crate::` paths between them
 *   (`use crate::x` and paths written out), read from the code outside comments, literals and
 *   `#[cfg(test)]` items.
 *
 * A circle listed in KNOWN_CIRCLES is reported but does not fail the check; one listed there that
 * no longer exists does, so that the list is emptied as the circles go.
 *
 * The import graph comes from dependency-cruiser. TypeScript 7 has no JavaScript API for it to
 * parse with, so it parses through Babel's TypeScript preset instead, and whether an import is
 * type-only is read from the import statements here. Tests (`*.test.ts(x)`) are left out (a test
 * may import from anywhere); test doubles and kits (`testing/` folders, `testKit.ts`,
 * `rules/fixtures.ts`) belong to their folder and keep its row, so a double lives beside the port
 * it doubles and reaches no further than the code it stands in for.
 *
 * usage: node build/checkImports.mjs
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rustCode } from './rustSource.mjs';

/**
 * Circles that exist today and are being removed elsewhere, each as its modules. The lead takes an
 * entry out when the change that removes its circle merges (the check then fails until it is).
 */
const KNOWN_CIRCLES = [];

/** Top-level folders of TypeScript the check covers, each one folder of the table. */
const CODE_ROOTS = ['src', 'cli', 'server'];

/** Tests, which may import from anywhere. */
const TEST_CODE = /\.test\.tsx?$/;

/** `src/<folder>/…` → folder, `cli/…` → 'cli', `server/…` → 'server', `pkg/…` → 'pkg'; files directly in src/ and anything else belong to none. */
export const folderOf = (path) =>
  /^src\/([^/]+)\//.exec(path)?.[1] ?? /^(cli|server)\//.exec(path)?.[1] ?? (path.startsWith('pkg/') ? 'pkg' : undefined);

/** specifier → true when every import or re-export of it in `source` is type-only. */
function typeOnlyImports(source) {
  const kinds = new Map();
  const note = (specifier, typeOnly) => kinds.set(specifier, (kinds.get(specifier) ?? true) && typeOnly);
  const statement = /^\s*(?:import|export)\s+((?:type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+[\w$]+))?))\s*from\s*['"]([^'"]+)['"]/gm;
  for (const [, clause, specifier] of source.matchAll(statement)) {
    const names = /^\{([^}]*)\}$/.exec(clause)?.[1].split(',').map((s) => s.trim()).filter(Boolean);
    note(specifier, /^type\s/.test(clause) || (names !== undefined && names.length > 0 && names.every((n) => /^type\s/.test(n))));
  }
  for (const [, specifier] of source.matchAll(/(?:^|[^\w.])import\s*\(\s*['"]([^'"]+)['"]\s*\)/gm)) note(specifier, false);
  for (const [, specifier] of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) note(specifier, false);
  return kinds;
}

/** The folder table of ARCHITECTURE.md, in its order: folder → [{ folder, typesOnly, modules }] (modules: null for any). */
export function declaredImports(doc) {
  const section = /^## Folders\n([\s\S]*?)^## /m.exec(doc)?.[1];
  if (section === undefined) throw new Error('ARCHITECTURE.md has no "## Folders" section');
  const declared = new Map();
  for (const line of section.split('\n')) {
    const cells = /^\|(.*)\|\s*$/.exec(line)?.[1].split('|').map((c) => c.trim());
    if (cells === undefined || cells.length !== 3) continue;
    const folders = [...cells[0].matchAll(/`(?:src\/([^/`]+)|(cli|server))\/`/g)].map((m) => m[1] ?? m[2]);
    if (folders.length === 0) continue;
    const allowed = cells[2] === '—' ? [] : cells[2].split(/,(?![^(]*\))/).map((entry) => {
      const match = /^([\w-]+)(?:\s*\(([^)]*)\))?$/.exec(entry.trim());
      if (match === null) throw new Error(`ARCHITECTURE.md: cannot read "${entry.trim()}" in the row of ${folders.join(', ')}`);
      const narrow = match[2]?.split(',').map((s) => s.trim()) ?? [];
      const modules = narrow.filter((s) => s !== 'types');
      return { folder: match[1], typesOnly: narrow.includes('types'), modules: modules.length > 0 ? modules : null };
    });
    for (const folder of folders) declared.set(folder, allowed);
  }
  return declared;
}

/** The directory of `folder` ('engine' → src/engine, 'cli' → cli). */
const dirOf = (folder) => (CODE_ROOTS.includes(folder) && folder !== 'src' ? folder : `src/${folder}`);

/** Whether `target` (a path in `folder`) is one of `modules` ("index" → its index.ts, "bluetooth" → the subfolder). */
const isAmong = (target, folder, modules) => modules.some((m) => new RegExp(`^${dirOf(folder)}/${m}(\\.tsx?$|/)`).test(target));

/** Groups of nodes of `graph` (node → Map of nodes it reaches → an example) that reach each other (Tarjan's strongly connected components). */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Adds the edge `from` → `to` to `graph`, with `example` (the first seen) showing it. */
function addEdge(graph, from, to, example) {
  if (!graph.has(from)) graph.set(from, new Map());
  if (!graph.get(from).has(to)) graph.get(from).set(to, example);
}

/** Each circle of `graph`, as its members and the edges inside it. */
const circlesOf = (graph) =>
  cycles(graph).map((members) => ({ members, edges: members.flatMap((from) => [...graph.get(from)].filter(([to]) => members.includes(to)).map(([, example]) => example)) }));

/**
 * The `crate::` module graph of the engine under `cwd`: module file → Map of module files it
 * names → the line that shows it. Only the crate's top-level modules (`src/<name>.rs`) count.
 */
export function rustModuleGraph(cwd = process.cwd()) {
  const dir = join(cwd, 'engine-rs/src');
  const graph = new Map();
  if (!existsSync(dir)) return graph;
  const modules = new Set(readdirSync(dir).filter((f) => f.endsWith('.rs') && f !== 'lib.rs').map((f) => basename(f, '.rs')));
  for (const name of modules) {
    const path = `engine-rs/src/${name}.rs`;
    const code = withoutTestItems(rustCode(readFileSync(join(cwd, path), 'utf8')));
    graph.set(path, new Map());
    for (const m of code.matchAll(/\bcrate\s*::\s*(?:\{([^}]*)\}|(\w+))/g)) {
      const named = m[1] === undefined ? [m[2]] : m[1].split(',').map((item) => /^\s*(\w+)/.exec(item)?.[1]).filter(Boolean);
      const line = code.slice(0, m.index).split('\n').length;
      for (const target of named) if (modules.has(target) && target !== name) addEdge(graph, path, `engine-rs/src/${target}.rs`, `${path}:${line} → engine-rs/src/${target}.rs`);
    }
  }
  return graph;
}

/** Rust code (comments and literals already blanked) without its `#[cfg(test)]` items: each blanked up to its `;` or the brace that closes its body. */
function withoutTestItems(code) {
  let out = code;
  for (const m of code.matchAll(/#\[cfg\(test\)\]/g)) {
    const semi = out.indexOf(';', m.index);
    const open = out.indexOf('{', m.index);
    let end;
    if (open === -1 || (semi !== -1 && semi < open)) end = semi + 1;
    else {
      let depth = 0;
      for (end = open; end < out.length; end++) {
        if (out[end] === '{') depth++;
        else if (out[end] === '}' && --depth === 0) break;
      }
      end++;
    }
    out = out.slice(0, m.index) + out.slice(m.index, end).replace(/[^\n]/g, ' ') + out.slice(end);
  }
  return out;
}

/** Splits `circles` into those KNOWN_CIRCLES lists and the others; known entries no circle matches are `stale`. */
export function sortCircles(circles, known = KNOWN_CIRCLES) {
  const key = (members) => [...members].sort().join(' ↔ ');
  const knownKeys = new Set(known.map(key));
  const found = new Set(circles.map((c) => key(c.members)));
  return {
    expected: circles.filter((c) => knownKeys.has(key(c.members))),
    unexpected: circles.filter((c) => !knownKeys.has(key(c.members))),
    stale: known.map(key).filter((k) => !found.has(k)),
  };
}

async function main() {
  const { cruise } = await import('dependency-cruiser');
  const roots = CODE_ROOTS.filter((root) => existsSync(root));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...roots], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && !TEST_CODE.test(f));

  const babelConfig = join(mkdtempSync(join(tmpdir(), 'imports-')), 'babel.json');
  writeFileSync(babelConfig, JSON.stringify({ presets: [['@babel/preset-typescript', { isTSX: true, allExtensions: true }]] }));
  const { output } = await cruise(files, {
    babelConfig: { fileName: babelConfig },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  });

  const declared = declaredImports(readFileSync('ARCHITECTURE.md', 'utf8'));
  const checked = new Set(files);
  const present = new Set(files.map(folderOf).filter(Boolean));
  const problems = [];
  const used = new Set();
  /** folder → folders it imports from, with one import that shows each edge; module → modules it imports. */
  const folders = new Map();
  const moduleGraph = new Map();
  const sources = new Map();
  for (const module of output.modules) {
    const from = folderOf(module.source);
    if (from !== undefined && checked.has(module.source) && !declared.has(from)) problems.push(`${dirOf(from)}/ has no row in ARCHITECTURE.md's folder table`);
    for (const dep of module.dependencies) {
      if (checked.has(module.source) && checked.has(dep.resolved)) addEdge(moduleGraph, module.source, dep.resolved, `${module.source} → ${dep.resolved}`);
      const to = folderOf(dep.resolved);
      if (from === undefined || to === undefined || from === to) continue;
      addEdge(folders, from, to, `${module.source} → ${dep.resolved}`);

      if (to === 'shared') continue;
      const allowed = declared.get(from)?.find((a) => a.folder === to);
      const edge = `${module.source} → ${dep.resolved}`;
      if (allowed === undefined) {
        if (declared.has(from)) problems.push(`${dirOf(from)}/ may not import ${to} (ARCHITECTURE.md): ${edge}`);
        continue;
      }
      used.add(`${from} ${to}`);
      const among = allowed.modules === null || isAmong(dep.resolved, to, allowed.modules);
      const typeOnly = () => {
        if (!sources.has(module.source)) sources.set(module.source, typeOnlyImports(readFileSync(module.source, 'utf8')));
        return sources.get(module.source).get(dep.module) === true;
      };
      if (allowed.typesOnly && allowed.modules !== null) {
        if (!among && !typeOnly()) problems.push(`${dirOf(from)}/ may import only types from ${to}, and values from ${allowed.modules.join(', ')} (ARCHITECTURE.md): ${edge}`);
      } else {
        if (!among) problems.push(`${dirOf(from)}/ may import only ${allowed.modules.join(', ')} of ${to} (ARCHITECTURE.md): ${edge}`);
        if (allowed.typesOnly && !typeOnly()) problems.push(`${dirOf(from)}/ may import only types from ${to} (ARCHITECTURE.md): ${edge}`);
      }
    }
  }
  const rows = [...declared.keys()];
  for (const [from, allowed] of declared) {
    if (!present.has(from)) continue;
    for (const { folder } of allowed) {
      if (!used.has(`${from} ${folder}`)) problems.push(`${dirOf(from)}/ imports nothing from ${folder}: take it out of its row in ARCHITECTURE.md`);
      if (folder !== 'pkg' && !(rows.indexOf(folder) >= 0 && rows.indexOf(folder) < rows.indexOf(from))) {
        problems.push(`${dirOf(from)}/ may import ${folder} only if ${folder} has a row above it in ARCHITECTURE.md's folder table (the lower layers come first)`);
      }
    }
  }

  const circles = [
    ...circlesOf(moduleGraph).map((c) => ({ ...c, what: 'module cycle' })),
    ...circlesOf(folders).map((c) => ({ ...c, what: 'folder cycle' })),
    ...circlesOf(rustModuleGraph()).map((c) => ({ ...c, what: 'engine module circle' })),
  ];
  const { expected, unexpected, stale } = sortCircles(circles);
  const describe = (c) => `${c.what} among ${c.members.join(', ')}:\n      ${c.edges.join('\n      ')}`;
  problems.push(...unexpected.map(describe));
  problems.push(...stale.map((k) => `KNOWN_CIRCLES in build/checkImports.mjs lists ${k}, which is no circle any more: take the entry out`));
  for (const c of expected) console.log(`Known, listed in KNOWN_CIRCLES: ${describe(c)}`);

  if (problems.length > 0) {
    console.error(`Imports that break the layering (${problems.length}):\n  ${[...new Set(problems)].join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `No import cycles among ${output.modules.length} modules (${roots.map((r) => `${r}/`).join(', ')}) nor among the engine's modules beyond the ${expected.length} known, and every folder imports only what ARCHITECTURE.md allows.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
