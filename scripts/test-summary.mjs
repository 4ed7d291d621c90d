// Prints one closing line for the whole `npm test` run ("N passed, N failed, N skipped") from the
// vitest JSON reports, so CI sees the total of the JavaScript suites in one place, and names each
// failed test (and each file that failed to run) with the first line of why, what a browser step
// was waiting for, and the test's own line it failed at: a flaky failure seen once in CI's log can
// then be found without the JSON reports.
import { existsSync, readFileSync } from 'node:fs';

const reports = ['test-results/vitest.json', 'test-results/server.json', 'test-results/e2e.json'].filter((f) => existsSync(f));
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const firstLine = (text) => String(text ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
/** The first line of why, then Playwright's "waiting for …" and the test file's frame (else the first outside node_modules), where there are. */
function why(text) {
  const lines = String(text ?? '').split('\n');
  const waiting = lines.find((l) => /^\s*- waiting for /.test(l));
  const frames = lines.filter((l) => /^\s*at /.test(l) && !l.includes('node_modules') && !l.includes('node:internal'));
  const frame = frames.find((l) => /\.test\.tsx?:\d+/.test(l)) ?? frames[0];
  return [firstLine(text), waiting, frame].filter((l) => l !== undefined).map((l) => l.trim()).join(' | ');
}
for (const file of reports) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const suite of r.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${suite.name} > ${t.fullName}: ${why(t.failureMessages?.[0])}`);
    if (suite.status === 'failed' && failedTests.length === 0) failures.push(`${suite.name}: ${firstLine(suite.message)}`);
  }
}
console.log(`\nJavaScript suites (${reports.join(', ') || 'no report written'}):`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
for (const f of failures) console.log(`  failed: ${f}`);
process.exit(failed > 0 || failures.length > 0 || passed === 0 ? 1 : 0);
