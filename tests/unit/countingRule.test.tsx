// @vitest-environment happy-dom
/**
 * One counting rule, everywhere a session's reps are shown: three sets of four reps, done by the
 * Demo unit's physics with 30 s of rest between them (the set rest is 20 s) and one warmup rep
 * per set, read as every user meets them. The athlete spun the flywheel up three times, so
 * every output says the same: three sets, each W, 1, 2, 3 — 3 warmup reps and 9 counted.
 *
 * - The Test screen's import of the recording (its tables, and its export);
 * - the same samples recorded live, then History (its reps, its export) and the session opened
 *   from it (a table per set);
 * - the batch command on the recording: its table, its JSON and its session CSV (`--out`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { JsonDocument } from '../../cli/json';
import type { App } from '../../src/compose/compose';
import { composeTestApp, renderWithApp } from '../../src/compose/testing/testApp';
import { buildDebugCsv } from '../../src/csv';
import { synthesizeSet, type SynthesizedSet } from '../../src/device';
import { createFakeUnit } from '../../src/device/testing/fakeUnit';
import { DEFAULT_SETTINGS } from '../../src/rules/settingsModel';

vi.mock('../../src/components/chart/PlotlyRepChart', () => import('../../src/components/chart/testing/repChartDouble'));
vi.mock('../../src/screens/history/ProgressChart', () => import('../../src/screens/history/testing/progressChartDouble'));
const { default: TestScreen } = await import('../../src/screens/test/TestScreen');
const { default: HistoryScreen } = await import('../../src/screens/history/HistoryScreen');
const { default: SessionScreen } = await import('../../src/screens/history/SessionScreen');

/** What every output must say: per set, its reps' labels (one warmup rep each). */
const SETS = [
  ['W', '1', '2', '3'],
  ['W', '1', '2', '3'],
  ['W', '1', '2', '3'],
];
const LABELS = SETS.flat();
const SET_OF_REP = SETS.flatMap((labels, i) => labels.map(() => String(i + 1)));

/** Three sets of four reps at 0.05 kg·m², 30 s of rest after each but the last. */
function threeSets(): SynthesizedSet {
  const sets: SynthesizedSet[] = [];
  for (let i = 0; i < 3; i++) {
    const before = sets.at(-1);
    sets.push(
      synthesizeSet({
        reps: 4,
        seed: 40 + i,
        inertia: 0.05,
        restAfterS: i < 2 ? 30 : 1.5,
        ...(before === undefined ? {} : { startTimeUs: before.timeUs.at(-1)! + 5000, startAngleDeg: before.endAngleDeg }),
      }),
    );
  }
  return { ...sets[2]!, timeUs: sets.flatMap((s) => s.timeUs), angleDeg: sets.flatMap((s) => s.angleDeg), reps: sets.flatMap((s) => s.reps) };
}

const SESSION = threeSets();
const DEBUG_CSV = buildDebugCsv({ timeUs: Float64Array.from(SESSION.timeUs), angleDeg: Float64Array.from(SESSION.angleDeg) });

/** A session CSV's blocks by the first cell of their heading row ('Rep' twice: the reps, then the power figures). */
function sessionCsv(text: string): { reps: string[][]; sets: string[][]; power: string[][] } {
  const blocks = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n\r\n').map((block) => Papa.parse<string[]>(block).data);
  const [reps, power] = blocks.filter((b) => b[0]![0] === 'Rep');
  return { reps: reps!.slice(1), sets: blocks.find((b) => b[0]![0] === 'Set')!.slice(1), power: power!.slice(1) };
}

/** The session CSV says three sets of W, 1, 2, 3: in its reps, its power figures and its sets. */
function expectCountedInSets(text: string): void {
  const csv = sessionCsv(text);
  expect(csv.reps.map((row) => row[0])).toEqual(LABELS);
  expect(csv.power.map((row) => row.slice(0, 2))).toEqual(LABELS.map((label, i) => [label, SET_OF_REP[i]]));
  expect(csv.sets.map((row) => [row[0], row[3], row[4]])).toEqual([['1', '4', '3'], ['2', '4', '3'], ['3', '4', '3']]);
}

let app: App & { ports: { shared: { shared: { fileName: string; csv: string }[] } } };
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'repline-counting-'));
  // The batch command as users run it: its bundle, built by the CLI's own Vite config.
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--outDir', join(dir, 'dist-cli'), '--logLevel', 'warn'], { cwd: root });
  writeFileSync(join(dir, 'three-sets.csv'), DEBUG_CSV);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function visit(page: ReactElement): void {
  cleanup();
  renderWithApp(
    <MemoryRouter initialEntries={['/page']}>
      <Routes>
        <Route path="/page" element={page} />
        <Route path="/history/:id" element={<SessionScreen />} />
      </Routes>
    </MemoryRouter>,
    app,
  );
}

it('shows three sets of W, 1, 2, 3 on the import, History, the session opened from it, the session CSV and the batch command’s table, JSON and CSV', async () => {
  app = composeTestApp() as typeof app;
  await app.startBackground();
  app.stores.settings.current.value = { ...DEFAULT_SETTINGS, plates: [0, 1, 0, 0, 0], view: 'table' };
  const user = userEvent.setup();
  try {
    // The Test screen's import: one table per set, and its export.
    visit(<TestScreen />);
    await user.upload(screen.getByLabelText('Debug or session CSV file'), new File([DEBUG_CSV], 'three-sets.csv', { type: 'text/csv' }));
    await screen.findByText(`three-sets.csv: ${SESSION.timeUs.length} samples`);
    await user.click(screen.getByRole('button', { name: 'Reprocess' }));
    const tables = await screen.findAllByRole('table', { name: /^Reprocessed reps, set \d of 3$/ });
    expect(tables.map((table) => within(table).getAllByRole('row').slice(1).map((row) => row.querySelector('th, td')!.textContent))).toEqual(SETS);
    await user.click(screen.getByRole('button', { name: 'Export reprocessed CSV' }));
    await waitFor(() => expect(app.ports.shared.shared).toHaveLength(1));
    expectCountedInSets(app.ports.shared.shared[0]!.csv);

    // The same samples recorded live, then History: 9 reps, and the same session CSV.
    const unit = createFakeUnit('bluetooth');
    await act(() => app.link.connect(unit));
    act(() => {
      for (let i = 0; i < SESSION.timeUs.length; i += 50) unit.emitSamples({ timeUs: SESSION.timeUs.slice(i, i + 50), angleDeg: SESSION.angleDeg.slice(i, i + 50) });
    });
    await act(() => app.link.disconnect());
    await waitFor(() => expect(app.session.reps.value).toHaveLength(12));
    await waitFor(async () => expect(await app.journal.value!.history()).toHaveLength(1));
    visit(<HistoryScreen />);
    const history = await screen.findByRole('list', { name: /^Finished sessions/ });
    expect(within(history).getAllByRole('listitem').map((card) => /(\d+) reps/.exec(card.textContent!)![1])).toEqual(['9']);
    await user.click(screen.getByRole('button', { name: /^Export CSV of the session of / }));
    await waitFor(() => expect(app.ports.shared.shared).toHaveLength(2));
    expectCountedInSets(app.ports.shared.shared[1]!.csv);

    // Opened from the History: each set with its counted reps, a table each.
    await user.click(screen.getByRole('link', { name: /^Open the session of / }));
    const sets = await screen.findAllByRole('region', { name: /, set \d$/ });
    expect(sets.map((set) => [within(set).getByRole('heading').textContent, /(\d) reps/.exec(set.textContent!)![1]])).toEqual([['Athlete 1, set 1', '3'], ['Athlete 1, set 2', '3'], ['Athlete 1, set 3', '3']]);
    expect(sets.map((set) => within(set).getAllByRole('row').slice(1).map((row) => row.querySelector('th, td')!.textContent))).toEqual(SETS);

    // The batch command on the recording.
    const run = (...args: string[]) => {
      const result = spawnSync(process.execPath, [join(dir, 'dist-cli', 'reprocess.js'), '--inertia', '0.05', ...args, 'three-sets.csv'], { cwd: dir, encoding: 'utf8' });
      expect([result.status, result.stderr]).toEqual([0, '']);
      return result.stdout;
    };
    const [titles, row] = run().trimEnd().split('\n').slice(1).map((line) => line.trim().split(/\s{2,}/));
    expect(titles!.slice(0, 5)).toEqual(['Hz', 'Rejected', 'Sets', 'Warmup', 'Reps']);
    expect(row!.slice(1, 5)).toEqual(['0', '3', '3', '9']);
    const [json] = (JSON.parse(run('--json')) as JsonDocument).files[0]!.runs;
    expect(json!.reps.map((rep) => [rep.count <= 0 ? 'W' : String(rep.count), String(rep.set)])).toEqual(LABELS.map((label, i) => [label, SET_OF_REP[i]]));
    expect(json!.sets.map((set) => [set.set, set.reps, set.counted])).toEqual([[1, 4, 3], [2, 4, 3], [3, 4, 3]]);
    run('--out', 'out');
    expectCountedInSets(readFileSync(join(dir, 'out', 'three-sets-200hz-calcV0-calcA1.csv'), 'utf8'));
  } finally {
    await act(() => app.link.disconnect());
    app.dispose();
    cleanup();
  }
}, 120_000);
