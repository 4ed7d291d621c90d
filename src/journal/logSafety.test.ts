import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../platform/storage';
import { createFakePersistence } from '../platform/storage/testing/fakePersistence';
import { BACKUP_REMINDER, createLogSafety, SAFETY_KEY } from './logSafety';

const DAY = 24 * 3_600_000;

function safety(now: { at: number }, storage = createMemoryStorage(), persistence = createFakePersistence(false, true)) {
  const reminders: string[] = [];
  const made = createLogSafety({ persistence, storage: () => storage, now: () => now.at, remind: (m) => void reminders.push(m) });
  return { made, reminders, persistence, storage };
}

describe('keeping the log safe on this device', () => {
  it('asks the browser to keep the storage when the first session is kept, and only then', async () => {
    const now = { at: 10 * DAY };
    const { made, persistence, storage } = safety(now);
    await made.check([]);
    expect([persistence.requests, made.state.value.persisted]).toEqual([0, false]);
    await made.sessionKept([now.at]);
    expect([persistence.requests, made.state.value.persisted]).toEqual([1, true]);
    await made.sessionKept([now.at]);
    // A browser that asks the user is not asked at every session, nor after a reload.
    const again = safety(now, storage, createFakePersistence(false, false));
    await again.made.sessionKept([now.at]);
    expect([persistence.requests, again.persistence.requests]).toEqual([1, 0]);
  });

  it('reminds once when a week of sessions has no backup, and again only a week after the next backup', async () => {
    const now = { at: 20 * DAY };
    const { made, reminders, storage } = safety(now);
    await made.check([15 * DAY, 19 * DAY]);
    expect(reminders).toEqual([]);
    now.at = 22 * DAY;
    await made.sessionKept([15 * DAY, 19 * DAY, 22 * DAY]);
    expect(reminders).toEqual([BACKUP_REMINDER]);
    expect(made.state.value).toMatchObject({ oldestUnbacked: 15 * DAY, backupDue: true });
    // Once: not at the next start or session either.
    await safety(now, storage).made.check([15 * DAY, 19 * DAY, 22 * DAY]);
    await made.sessionKept([15 * DAY, 19 * DAY, 22 * DAY]);
    expect(reminders).toHaveLength(1);
    made.backedUp(now.at, [15 * DAY, 19 * DAY, 22 * DAY]);
    expect(made.state.value).toMatchObject({ lastBackupAt: 22 * DAY, oldestUnbacked: null, backupDue: false });
    expect(JSON.parse(storage.read(SAFETY_KEY)!).lastBackupAt).toBe(22 * DAY);
    now.at = 30 * DAY;
    await made.sessionKept([15 * DAY, 19 * DAY, 22 * DAY, 23 * DAY, 30 * DAY]);
    expect(reminders).toHaveLength(2);
  });
});
