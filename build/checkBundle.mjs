// Size budget of the production build ("app code outside the Plotly chunk ≤ 100 kB gzip;
// the Workout screen renders before Plotly has loaded"). The budget applies to the JavaScript a
// visitor's browser loads to render the Workout screen: the entry script and every chunk the
// entry imports statically (the modulepreload links Vite writes into index.html). Lazy chunks
// (Plotly, settings, /test, dialogs, CSV import) and the worker are listed and totalled too, so a
// growing lazy chunk is visible, but they load on demand and do not count against the budget.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const html = readFileSync('dist/index.html', 'utf8');
const initial = new Set(
  [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]),
);
if (initial.size === 0) {
  console.error('checkBundle: no entry script found in dist/index.html');
  process.exit(1);
}
const kb = (file) => gzipSync(readFileSync(`dist/assets/${file}`), { level: 9 }).length / 1024;
const rows = readdirSync('dist/assets')
  .filter((f) => f.endsWith('.js'))
  .map((file) => ({ file, kb: kb(file), initial: initial.has(file), plotly: /plotly/i.test(file) }))
  .sort((a, b) => b.kb - a.kb);
const sum = (pred) => rows.filter(pred).reduce((s, r) => s + r.kb, 0);
for (const r of rows) {
  const tag = r.initial ? 'initial' : r.plotly ? 'plotly ' : 'lazy   ';
  console.log(`${tag} ${r.kb.toFixed(1).padStart(7)} kB gzip  ${r.file}`);
}
const initialKb = sum((r) => r.initial);
const left = Math.round((BUDGET_KB - initialKb) * 1024);
console.log(`Workout screen start-up JavaScript: ${initialKb.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB: ${left} bytes ${left >= 0 ? 'left' : 'over'})`);
console.log(`All JavaScript outside the Plotly chunk, lazy chunks included: ${sum((r) => !r.plotly).toFixed(1)} kB gzip`);
if (initialKb > BUDGET_KB) {
  console.error(`checkBundle: start-up JavaScript over budget by ${(initialKb - BUDGET_KB).toFixed(1)} kB`);
  process.exit(1);
}
