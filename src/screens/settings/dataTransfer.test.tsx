// @vitest-environment happy-dom
/**
 * Settings → Data's backup, restore and athlete export over in-memory journals: the log of one
 * device goes to a file and comes back on another, a bad file is refused with one sentence and
 * changes nothing, and an athlete's sessions leave as CSV files named for them.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlertRegion } from '../../app/AlertRegion';
import type { App } from '../../compose/compose';
import { composeTestApp, endTestApp, renderWithApp, type TestPorts } from '../../compose/testing/testApp';
import { synthesizeSet } from '../../device';
import { createFakeUnit } from '../../device/testing/fakeUnit';
import { freshStore, storeWithAthleteSessions, THREE_INERTIAS } from '../../journal/testKit';
import DataSettings from './DataSettings';

let app: (App & { ports: TestPorts }) | null = null;
beforeEach(() => {
  app = null;
});

async function device(open: TestPorts['openJournal']): Promise<App & { ports: TestPorts }> {
  if (app !== null) await endTestApp(app);
  app = composeTestApp({ openJournal: open });
  await app.startBackground();
  renderWithApp(
    <MemoryRouter>
      <DataSettings />
      <AlertRegion />
    </MemoryRouter>,
    app,
  );
  return app;
}

afterEach(async () => {
  if (app !== null) await endTestApp(app);
  app = null;
});

/** The backup file the first device's "Back up the log" hands to the share port. */
async function backupFromOldDevice(): Promise<{ fileName: string; csv: string }> {
  const old = await device(() => storeWithAthleteSessions(THREE_INERTIAS, synthesizeSet));
  await userEvent.setup().click(screen.getByRole('button', { name: 'Back up the log' }));
  expect(await screen.findByText('The log was backed up: the file was saved to your downloads.')).toBeTruthy();
  const { fileName, data } = old.ports.shared.sharedBlobs[0]!;
  return { fileName, csv: await data.text() };
}

const upload = (text: string, name = 'Repline-backup.json') => userEvent.setup().upload(screen.getByLabelText('Restore from a backup'), new File([text], name, { type: 'application/json' }));

describe('Settings → Data: backing up and restoring', () => {
  it('backs the log up to one JSON file and restores it on a new device', async () => {
    const file = await backupFromOldDevice();
    expect(file.fileName).toMatch(/^Repline-backup-\d+\.json$/);
    expect(JSON.parse(file.csv).sessions).toHaveLength(3);
    cleanup();
    const fresh = await device(freshStore);
    await upload(file.csv);
    expect(await screen.findByText('Restored: 3 sessions added, 0 updated, 0 already here')).toBeTruthy();
    expect((await fresh.journal.value!.history()).map((h) => h.id)).toEqual(['middle', 'heavy', 'light']);
    await upload(file.csv);
    expect(await screen.findByText('Restored: 0 sessions added, 0 updated, 3 already here')).toBeTruthy();
  });

  it('refuses a file that is not a backup with one sentence, keeping what the device holds', async () => {
    const fresh = await device(() => storeWithAthleteSessions(THREE_INERTIAS, synthesizeSet));
    await upload('Time (µs),Angle (°)\r\n0,0\r\n', 'Repline-1.csv');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This file is not a Repline backup.'));
    const alert = screen.getByRole('alert').textContent!;
    expect(alert).not.toMatch(/could not be restored/);
    expect(await fresh.journal.value!.history()).toHaveLength(3);
  });

  it('says whether the browser keeps the log and when it was last backed up', async () => {
    const old = await device(() => storeWithAthleteSessions(THREE_INERTIAS, synthesizeSet));
    const safety = screen.getByRole('list', { name: 'Keeping the log' });
    await waitFor(() => expect(safety.textContent).toContain('Storage: not kept. The browser may delete this log'));
    expect(safety.textContent).toMatch(/Last backup: never\. Sessions since (March 9, 2025|9 March 2025) are not in a backup: back up the log\.$/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back up the log' }));
    await waitFor(() => expect(safety.textContent).toMatch(/Last backup: ([A-Z][a-z]+ \d+, \d{4}|\d+ [A-Z][a-z]+ \d{4})\.$/));
    expect(safety.textContent).not.toContain('not in a backup');
    expect(old.journal.value!.safety.value.lastBackupAt).not.toBeNull();
  });

  it('does not restore while a unit records', async () => {
    const fresh = await device(freshStore);
    await act(() => fresh.link.connect(createFakeUnit()));
    await waitFor(() => expect((screen.getByLabelText('Restore from a backup') as HTMLInputElement).disabled).toBe(true));
  });
});

describe("Settings → Data: an athlete's sessions", () => {
  it('exports one CSV file per session they trained in, named for them and their exercise, with the athletes block, all in one share', async () => {
    const old = await device(() => storeWithAthleteSessions(THREE_INERTIAS, synthesizeSet));
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Athlete' });
    await user.click(screen.getByRole('button', { name: 'Export their sessions as CSV files' }));
    expect(await screen.findByText("Metrics shared: 3 CSV files are in your downloads. (3 CSV files of Athlete 1's sessions)")).toBeTruthy();
    // One share for the three: a browser refuses a second share() after the first of a tap.
    expect(old.ports.shared.sharedTogether).toHaveLength(1);
    const files = old.ports.shared.sharedTogether[0]!.map(({ fileName, text }) => ({ fileName, csv: text }));
    expect(files.map((f) => f.fileName.replace(/\d{4}-\d\d-\d\d-\d{4}/, 'T'))).toEqual(Array(3).fill('Repline-T-athlete-1-unspecified.csv'));
    expect(files[0]!.csv).toContain('\r\n\r\nSet Start (µs),Set End (µs),Athlete,Body Mass (kg),Exercise,Mass Share,');
    expect(files[0]!.csv).toMatch(/,Athlete 1,85,Unspecified,1,0\.025,0,,\r\n$/);
  });
});
