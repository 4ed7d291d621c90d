/**
 * Fails when the app's imports go round in a circle: between two modules, or between two folders
 * of `src/` (one folder per layer or feature; see ARCHITECTURE.md). Run by `npm test`.
 *
 * The import graph comes from dependency-cruiser. TypeScript 7 has no JavaScript API for it to
 * parse with, so it parses through Babel's TypeScript preset instead; tests and test doubles are
 * left out (a test may import from anywhere).
 *
 * usage: node build/checkImports.mjs
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cruise } from 'dependency-cruiser';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\/testing\//.test(f));

const babelConfig = join(mkdtempSync(join(tmpdir(), 'imports-')), 'babel.json');
writeFileSync(babelConfig, JSON.stringify({ presets: [['@babel/preset-typescript', { isTSX: true, allExtensions: true }]] }));

const { output } = await cruise(files, {
  babelConfig: { fileName: babelConfig },
  doNotFollow: { path: 'node_modules' },
  enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
});

/** `src/<folder>/…` → folder; files directly in src/ belong to none. */
const folderOf = (path) => /^src\/([^/]+)\//.exec(path)?.[1];

const problems = [];
/** folder → folders it imports from, with one import that shows each edge. */
const folders = new Map();
for (const module of output.modules) {
  for (const dep of module.dependencies) {
    if (dep.circular) problems.push(`module cycle: ${[module.source, ...dep.cycle.map((step) => step.name)].join(" → ")}`);
    const [from, to] = [folderOf(module.source), folderOf(dep.resolved)];
    if (from === undefined || to === undefined || from === to) continue;
    if (!folders.has(from)) folders.set(from, new Map());
    if (!folders.get(from).has(to)) folders.get(from).set(to, `${module.source} → ${dep.resolved}`);
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
  console.error(`Import cycles (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`No import cycles among ${output.modules.length} modules.`);
