// Size budget of the production build (issue 4): every JavaScript chunk except the lazily loaded
// Plotly chunk and the service worker counts, gzip level 9; the sum must be ≤ 100 kB.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const dir = 'dist/assets';
const rows = readdirSync(dir)
  .filter((f) => f.endsWith('.js'))
  .map((f) => {
    const bytes = readFileSync(`${dir}/${f}`);
    return { file: f, kb: gzipSync(bytes, { level: 9 }).length / 1024, plotly: bytes.includes('plotly.js v') || /plotly/i.test(f) };
  })
  .sort((a, b) => b.kb - a.kb);
let app = 0;
for (const r of rows) {
  if (!r.plotly) app += r.kb;
  console.log(`${r.plotly ? 'plotly' : 'app   '} ${r.kb.toFixed(1).padStart(7)} kB gzip  ${r.file}`);
}
console.log(`JavaScript outside the Plotly chunk: ${app.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB)`);
if (app > BUDGET_KB) {
  console.error(`Over budget by ${(app - BUDGET_KB).toFixed(1)} kB`);
  process.exit(1);
}
