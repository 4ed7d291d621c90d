/**
 * Fails when the app's imports break the layering ARCHITECTURE.md declares. Run by `npm test`.
 *
 * - No import cycles: between two modules, or between two folders of `src/` (one folder per
 *   layer or feature).
 * - Each `src/` folder imports only what its row of ARCHITECTURE.md's folder table allows ("may
 *   import"), and every allowance there is used, so the table is the one place the direction is
 *   written and cannot drift from the code. A cell lists folders (`engine`, `pkg` for the engine's
 *   build), each optionally narrowed in parentheses: `(types)` for type-only imports, or modules
 *   and subfolders of that folder (`stores (alerts)`, `device (index, unit)`), or both (`engine
 *   (types, wasmEngine)`: types from anywhere in the folder, values from those modules only);
 *   `—` for none.
 *   `shared` (tiny helpers) may be imported by any folder and is not listed. The rows go from the
 *   lowest layer up, and a folder may import only folders in rows above its own.
 *   Files directly in `src/` (`main.tsx`) belong to no folder and are not checked.
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
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cruise } from 'dependency-cruiser';

/** Tests, which may import from anywhere. */
const TEST_CODE = /\.test\.tsx?$/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && !TEST_CODE.test(f));

const babelConfig = join(mkdtempSync(join(tmpdir(), 'imports-')), 'babel.json');
writeFileSync(babelConfig, JSON.stringify({ presets: [['@babel/preset-typescript', { isTSX: true, allExtensions: true }]] }));

const { output } = await cruise(files, {
  babelConfig: { fileName: babelConfig },
  doNotFollow: { path: 'node_modules' },
  enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
});

/** `src/<folder>/…` → folder, `pkg/…` → 'pkg'; files directly in src/ and anything else belong to none. */
const folderOf = (path) => /^src\/([^/]+)\//.exec(path)?.[1] ?? (path.startsWith('pkg/') ? 'pkg' : undefined);

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
function declaredImports() {
  const doc = readFileSync('ARCHITECTURE.md', 'utf8');
  const section = /^## Folders\n([\s\S]*?)^## /m.exec(doc)?.[1];
  if (section === undefined) throw new Error('ARCHITECTURE.md has no "## Folders" section');
  const declared = new Map();
  for (const line of section.split('\n')) {
    const cells = /^\|(.*)\|\s*$/.exec(line)?.[1].split('|').map((c) => c.trim());
    if (cells === undefined || cells.length !== 3) continue;
    const folders = [...cells[0].matchAll(/`src\/([^/`]+)\/`/g)].map((m) => m[1]);
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

/** Whether `target` (a path in `folder`) is one of `modules` ("index" → src/<folder>/index.ts, "bluetooth" → the subfolder). */
const isAmong = (target, folder, modules) => modules.some((m) => new RegExp(`^src/${folder}/${m}(\\.tsx?$|/)`).test(target));

const declared = declaredImports();
const checked = new Set(files);
const problems = [];
const used = new Set();
/** folder → folders it imports from, with one import that shows each edge. */
const folders = new Map();
const sources = new Map();
for (const module of output.modules) {
  const from = folderOf(module.source);
  if (from !== undefined && checked.has(module.source) && !declared.has(from)) problems.push(`src/${from}/ has no row in ARCHITECTURE.md's folder table`);
  for (const dep of module.dependencies) {
    if (dep.circular) problems.push(`module cycle: ${[module.source, ...dep.cycle.map((step) => step.name)].join(' → ')}`);
    const to = folderOf(dep.resolved);
    if (from === undefined || to === undefined || from === to) continue;
    if (!folders.has(from)) folders.set(from, new Map());
    if (!folders.get(from).has(to)) folders.get(from).set(to, `${module.source} → ${dep.resolved}`);

    if (to === 'shared') continue;
    const allowed = declared.get(from)?.find((a) => a.folder === to);
    const edge = `${module.source} → ${dep.resolved}`;
    if (allowed === undefined) {
      if (declared.has(from)) problems.push(`src/${from}/ may not import ${to} (ARCHITECTURE.md): ${edge}`);
      continue;
    }
    used.add(`${from} ${to}`);
    const among = allowed.modules === null || isAmong(dep.resolved, to, allowed.modules);
    const typeOnly = () => {
      if (!sources.has(module.source)) sources.set(module.source, typeOnlyImports(readFileSync(module.source, 'utf8')));
      return sources.get(module.source).get(dep.module) === true;
    };
    if (allowed.typesOnly && allowed.modules !== null) {
      if (!among && !typeOnly()) problems.push(`src/${from}/ may import only types from ${to}, and values from ${allowed.modules.join(', ')} (ARCHITECTURE.md): ${edge}`);
    } else {
      if (!among) problems.push(`src/${from}/ may import only ${allowed.modules.join(', ')} of ${to} (ARCHITECTURE.md): ${edge}`);
      if (allowed.typesOnly && !typeOnly()) problems.push(`src/${from}/ may import only types from ${to} (ARCHITECTURE.md): ${edge}`);
    }
  }
}
const rows = [...declared.keys()];
for (const [from, allowed] of declared) {
  for (const { folder } of allowed) {
    if (!used.has(`${from} ${folder}`)) problems.push(`src/${from}/ imports nothing from ${folder}: take it out of its row in ARCHITECTURE.md`);
    if (folder !== 'pkg' && !(rows.indexOf(folder) >= 0 && rows.indexOf(folder) < rows.indexOf(from))) {
      problems.push(`src/${from}/ may import ${folder} only if ${folder} has a row above it in ARCHITECTURE.md's folder table (the lower layers come first)`);
    }
  }
}

/** Folders that reach each other through their imports (Tarjan's strongly connected components). */
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
    if (component.length > 1) found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

for (const component of cycles(folders)) {
  const inside = component.flatMap((from) => [...folders.get(from)].filter(([to]) => component.includes(to)).map(([, example]) => example));
  problems.push(`folder cycle among ${component.sort().join(', ')}:\n      ${inside.join('\n      ')}`);
}

if (problems.length > 0) {
  console.error(`Imports that break the layering (${problems.length}):\n  ${[...new Set(problems)].join('\n  ')}`);
  process.exit(1);
}
console.log(`No import cycles among ${output.modules.length} modules, and every src/ folder imports only what ARCHITECTURE.md allows.`);
