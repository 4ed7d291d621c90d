// Prints one closing line for the whole `npm test` run ("N passed, N failed, N skipped") from the
// vitest JSON reports, so CI sees the total of the JavaScript suites in one place.
import { existsSync, readFileSync } from 'node:fs';

const reports = ['test-results/vitest.json', 'test-results/e2e.json'].filter((f) => existsSync(f));
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of reports) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
console.log(`\nJavaScript suites (${reports.join(', ')}):`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
