/**
 * Backups of any size: a synthetic log of 100 hours of samples (BACKUP_BENCH_HOURS to change it),
 * written through the journal's store into an in-memory IndexedDB (fake-indexeddb), backed up with
 * the app's streaming writer into a file, and restored from that file with the app's streaming
 * restore (the file read as a Blob backed by the disk, `fs.openAsBlob`, as a browser reads a File).
 *
 * Memory is the process's resident set (RSS), sampled every 20 ms, above what the process held
 * before the step (the log itself included: fake-indexeddb keeps the database in this process, so
 * a browser, which keeps it in its own storage process, holds less). Three steps:
 * - backup: the whole log to a file, written piece by piece as the page hands its pieces to a Blob;
 * - restore onto the device that holds the log: both passes read, parse, decode and check every
 *   chunk and compare it with the one kept, writing nothing new: the restore's own working memory;
 * - restore onto an empty device: the same, and every record written; here the process also grows
 *   by the new database (reported: its size after the restore, and the peak above that).
 * Target (issue 31): a 100-hour backup backs up and restores within 300 MB.
 */
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { freshStore, START } from '../src/journal/testKit';
import type { JournalStore } from '../src/journal/store';
import type { JournalOp } from '../src/journal/records';
import { backupText } from '../src/logFile/backupWriter';
import { restoreBackup } from '../src/logFile/backup';
import { record } from './record';

const HOURS = Number(process.env.BACKUP_BENCH_HOURS ?? 100);
const HZ = 200;
const CHUNKS_PER_HOUR = 3600;
const MB = 1024 * 1024;

/** RSS sampled while `step` runs: its peak above the RSS before it, and the time it took. */
async function measured<T>(step: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number; afterMb: number }> {
  globalThis.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const t0 = performance.now();
  try {
    const result = await step();
    const ms = performance.now() - t0;
    peak = Math.max(peak, process.memoryUsage.rss());
    globalThis.gc?.();
    return { result, ms, peakMb: (peak - base) / MB, afterMb: (process.memoryUsage.rss() - base) / MB };
  } finally {
    clearInterval(sampler);
  }
}

/** One hour-long session per hour of the log, each second a chunk of 200 samples, written as the journal writes them. */
async function writeLog(store: JournalStore): Promise<void> {
  for (let h = 0; h < HOURS; h++) {
    const id = `session-${String(h).padStart(4, '0')}`;
    const startedAt = Date.UTC(2026, 0, 1) + h * 86_400_000;
    await store.write([{ kind: 'session', record: { ...START, id, startedAt, finishedAt: startedAt + 3_600_000, summary: { reps: 0, best: null }, modifiedAt: startedAt + 3_600_000 } }]);
    for (let from = 0; from < CHUNKS_PER_HOUR; from += 600) {
      const ops: JournalOp[] = [];
      for (let seq = from; seq < from + 600; seq++) {
        const timeUs = new Float64Array(HZ);
        const angleDeg = new Float64Array(HZ);
        for (let i = 0; i < HZ; i++) {
          timeUs[i] = (seq * HZ + i) * 5000 + (i % 3);
          angleDeg[i] = 120 * Math.sin((seq * HZ + i) / 300) + (i % 7) * 0.0137;
        }
        ops.push({ kind: 'chunk', record: { sessionId: id, seq, timeUs, angleDeg } });
      }
      await store.write(ops);
    }
  }
}

it(`backs up and restores ${HOURS} hours of samples within 300 MB`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'repline-backup-bench-'));
  try {
    const device = await freshStore();
    const written = await measured(() => writeLog(device));
    const file = join(dir, 'backup.json');
    const backup = await measured(async () => {
      const out = createWriteStream(file);
      for await (const piece of backupText(device, new Date(Date.UTC(2026, 5, 1)))) if (!out.write(piece)) await once(out, 'drain');
      out.end();
      await once(out, 'finish');
    });
    const bytes = (await stat(file)).size;
    const onItself = await measured(async () => restoreBackup(device, await openAsBlob(file)));
    expect(onItself.result.samples).toEqual({ added: 0, unchanged: HOURS * CHUNKS_PER_HOUR, conflicts: 0 });
    const empty = await freshStore();
    const fresh = await measured(async () => restoreBackup(empty, await openAsBlob(file)));
    expect(fresh.result.sessions.added).toBe(HOURS);
    expect(fresh.result.samples.added).toBe(HOURS * CHUNKS_PER_HOUR);
    expect(await empty.chunkCount('session-0000')).toBe(CHUNKS_PER_HOUR);

    const within = (mb: number) => mb <= 300;
    const note = `${HOURS} h at ${HZ} Hz (${HOURS * CHUNKS_PER_HOUR} chunks, ${(bytes / MB).toFixed(0)} MB of JSON), fake-indexeddb in Node`;
    record('backup', {
      hours: { value: HOURS, unit: 'h of samples', note },
      fileSize: { value: bytes / MB, unit: 'MB' },
      writeLog: { value: written.ms / 1000, unit: 's', note: 'the synthetic log written through the journal (setup, not a target)' },
      backupTime: { value: backup.ms / 1000, unit: 's' },
      backupPeakMemory: { value: backup.peakMb, unit: 'MB above the log held', target: '≤ 300 MB', met: within(backup.peakMb) },
      restoreOntoItselfTime: { value: onItself.ms / 1000, unit: 's', note: 'both passes over the file, every chunk decoded, checked and compared with the one kept, nothing new written' },
      restoreOntoItselfPeakMemory: { value: onItself.peakMb, unit: 'MB above the log held', target: '≤ 300 MB', met: within(onItself.peakMb) },
      restoreFreshTime: { value: fresh.ms / 1000, unit: 's', note: 'onto an empty journal: every record and chunk written' },
      restoreFreshDatabaseGrowth: { value: fresh.afterMb, unit: 'MB', note: 'the new database, held in this process by fake-indexeddb (a browser keeps it in its storage process)' },
      restoreFreshPeakAboveDatabase: { value: fresh.peakMb - fresh.afterMb, unit: 'MB', target: '≤ 300 MB', met: within(fresh.peakMb - fresh.afterMb) },
    });
    expect(within(backup.peakMb) && within(onItself.peakMb)).toBe(true);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 3_600_000);
