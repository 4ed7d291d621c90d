/**
 * The session journal's write cost must stay small next to the recording itself.
 * Journals a synthetic one-hour session (720 000 samples at 200 Hz, in 8-sample notifications as
 * the unit sends them) into an in-memory IndexedDB (fake-indexeddb), and times the sample path
 * (`append` alone) and the whole journaling (append + one chunk transaction per second, as the
 * one-second flush does in use), then the recovery read.
 * fake-indexeddb runs the whole database on the main thread, so this overstates what a browser
 * (which stores off the main thread) costs the page; the figure is an upper bound.
 */
import { expect, it } from 'vitest';
import { loadSession } from '../src/journal/archive';
import { SessionJournal } from '../src/journal/sessionJournal';
import { appendInBatches, freshStore, manualTimer, recording, sameFloats, START } from '../src/journal/testKit';
import { record } from './record';

const HOUR_MS = 3_600_000;
const SAMPLES = 720_000;

it('journals a one-hour session at a small fraction of real time', async () => {
  const rec = recording(SAMPLES);

  // The sample path alone: buffering, with storage writes left queued (never awaited here).
  const appendOnly = new SessionJournal({ store: await freshStore(), every: manualTimer().every });
  appendOnly.start(START);
  const a0 = performance.now();
  appendInBatches(appendOnly, rec, 8);
  const appendMs = performance.now() - a0;
  await appendOnly.flush();

  // Everything, paced as in real use: each second of samples is appended, then its chunk is
  // written in its own transaction before the next second arrives (3600 transactions).
  const store = await freshStore();
  const journal = new SessionJournal({ store, every: manualTimer().every });
  const id = journal.start(START);
  const t0 = performance.now();
  for (let s = 0; s < 3600; s++) {
    const from = s * 200;
    appendInBatches(journal, { timeUs: rec.timeUs.subarray(from, from + 200), angleDeg: rec.angleDeg.subarray(from, from + 200) }, 8);
    await journal.flush();
  }
  await journal.finish({ reps: 0, best: null });
  const totalMs = performance.now() - t0;

  const r0 = performance.now();
  const loaded = await loadSession(store, id);
  const loadMs = performance.now() - r0;
  expect(sameFloats(loaded.samples.timeUs, rec.timeUs) && sameFloats(loaded.samples.angleDeg, rec.angleDeg)).toBe(true);

  const fraction = totalMs / HOUR_MS;
  record('journal', {
    oneHourTotal: { value: totalMs, unit: 'ms', note: `${SAMPLES} samples, ${loaded.chunks} chunks in 3600 transactions, fake-indexeddb in Node` },
    perSecondOfRecording: { value: totalMs / 3600, unit: 'ms per recorded second' },
    fractionOfRealTime: { value: fraction, unit: 'ratio', target: '< 0.01', met: fraction < 0.01 },
    appendOnlyPerSecond: { value: appendMs / 3600, unit: 'ms per recorded second', note: 'the sample path, without the storage writes' },
    recoverOneHour: { value: loadMs, unit: 'ms', note: 'loadSession of the hour, concatenated typed arrays' },
  });
}, 600_000);
