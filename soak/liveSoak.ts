/**
 * The soak: hours of a unit's notifications, made from the Demo unit's physics at
 * 200 Hz, pushed through the app's own live path — SampleStream → live session (wasm engine) →
 * recorder → session journal (fake-indexeddb) — at accelerated time, with a fault every few
 * minutes in turn:
 * - drop: the link goes down from the middle of a pull to the middle of that rep's return (the
 *   unit's samples meanwhile are lost), then comes back with the same clock (`resumeAfter`);
 * - time jump: one sample's time is 2^30 µs ahead (a bit flip);
 * - restart: the unit's clock restarts at 0 in the middle of a pull, without a disconnect;
 * - storage: every journal write fails for 30 s, then storage recovers;
 * - bad packet: a notification of 7 bytes.
 * A drop or a restart cuts the rep it falls in (the app must not count it, nor stitch it); the
 * others cut nothing. At the end the reps the athlete performed minus the cut ones must equal the
 * reps on screen and the reps reprocessed from the journal, and every sample outside the faults'
 * own losses must be on screen and in the journal.
 *
 * Accelerated time: nothing waits for the wall clock. The journal's one-second timer is fired
 * once per second of device time, and its writes are awaited then, as the browser's event loop
 * would run them between notifications.
 */
import { signal } from '@preact/signals-react';
import { encodeSamplePackets } from '../src/device/protocol/samplePacket';
import { batchesOf, SampleStream } from '../src/device/protocol/sampleStream';
import { synthesizeSet, type SynthesizedSet } from '../src/device/simulation/physics';
import { createEngine, reprocess } from '../src/engine';
import { DEFAULT_ENGINE_SETTINGS } from '../src/engine/settings';
import { loadSession } from '../src/journal/archive';
import { fillableStore, freshStore, manualTimer } from '../src/journal/testKit';
import { createLiveSession } from '../src/workout/liveSession';
import { createRecorder } from '../src/journal/recorder';
import { reprocessLoads } from '../src/workout/loadedEngine';
import { loadsFromRecord } from '../src/journal/sessionRecovery';
import { SessionTimeline } from '../src/workout/sessionTimeline';
import { createFakeUnit, FAKE_DEVICE } from '../src/device/testing/fakeUnit';

export const FAULT_KINDS = ['drop', 'time-jump', 'restart', 'storage', 'bad-packet'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface SoakOptions {
  hours: number;
  /** Device time between faults, s. */
  faultEveryS?: number;
  /** Called about once per simulated minute with the share done (0–1). */
  onProgress?: (fraction: number) => void;
}

export interface SoakReport {
  hours: number;
  samplesSent: number;
  faults: Record<FaultKind, number>;
  repsPerformed: number;
  repsCutByFaults: number;
  repsShown: number;
  repsJournaled: number;
  samplesOnScreen: number;
  samplesJournaled: number;
  /** Samples the faults themselves lose: sent while the link was down, and the time-jump outliers. */
  samplesLostToFaults: number;
  /** Everything else that did not reach the screen (must be 0). */
  samplesLostOtherwise: number;
  /** Heap used and ArrayBuffer memory at the end of each hour (after a GC when exposed), MB. */
  heapMB: number[];
  arrayBuffersMB: number[];
  /** Mean cost of one notification through the live path (decode, session, engine, recorder, frame), µs. */
  batchUsFirstMinute: number;
  batchUsLastMinute: number;
  /** Messages the app raised: storage alerts and anything else. */
  storageAlerts: number;
  otherErrors: string[];
}

const HZ = 200;
const REPS_PER_SET = 8;
const REST_BETWEEN_SETS_S = 40;
const INERTIA = 0.025;
const STORAGE_OUTAGE_US = 30_000_000;
const PER_PACKET = 5;

interface Planned {
  kind: FaultKind;
  atUs: number;
  /** drop: when the link is back; storage: when writes work again. */
  untilUs: number;
}

/** The faults due by the end of `set`, placed at their moments within it; the rest wait for the next set. */
function placeFaults(set: SynthesizedSet, dueUs: number[], kinds: FaultKind[]): Planned[] {
  const planned: Planned[] = [];
  const endUs = set.timeUs[set.timeUs.length - 1]!;
  while (dueUs.length > 0 && dueUs[0]! <= endUs) {
    const due = dueUs[0]!;
    const kind = kinds[0]!;
    if (kind === 'drop' || kind === 'restart') {
      const rep = set.reps.find((r) => r.startUs >= due);
      if (rep === undefined) break;
      const cutUs = (rep.startUs + rep.turnUs) / 2;
      planned.push({ kind, atUs: cutUs, untilUs: kind === 'drop' ? (rep.turnUs + rep.endUs) / 2 : cutUs });
    } else {
      planned.push({ kind, atUs: due, untilUs: kind === 'storage' ? due + STORAGE_OUTAGE_US : due });
    }
    dueUs.shift();
    kinds.shift();
  }
  return planned;
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const faultEveryUs = (options.faultEveryS ?? 180) * 1e6;
  const store = fillableStore(await freshStore());
  const settings = signal({ ...DEFAULT_ENGINE_SETTINGS, inertia: INERTIA });
  const frames: (() => void)[] = [];
  const otherErrors: string[] = [];
  let storageAlerts = 0;
  const session = createLiveSession({ engine: { createEngine, reprocess }, settings, requestFrame: (cb) => frames.push(cb), onError: (m) => otherErrors.push(m) });
  const timer = manualTimer();
  let wallMs = Date.UTC(2026, 10, 23);
  const recorder = createRecorder({
    store,
    session,
    snapshot: () => ({ settings: { engine: { ...settings.peek() }, workout: { metric: 'velocity' } }, plates: [0, 0, 1, 0, 0] }),
    summary: () => ({ summary: { reps: session.reps.peek().length, best: null } }),
    onStorageError: () => storageAlerts++,
    onStorageRestored: () => {},
    onJournalFull: (m) => otherErrors.push(m),
    onError: (m) => otherErrors.push(m),
    journal: { every: timer.every, now: () => wallMs, newId: () => 'soak' },
  });
  const unit = createFakeUnit('bluetooth');
  recorder.connecting();
  session.attach(unit);
  recorder.connected({ unit, device: FAKE_DEVICE });

  const stream = new SampleStream('records');
  const faults = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;
  const firstUs = 5_000_000;
  const endUs = firstUs + options.hours * 3600e6;
  const dueUs: number[] = [];
  const kinds: FaultKind[] = [];
  for (let at = firstUs + faultEveryUs, k = 0; at < endUs; at += faultEveryUs, k++) {
    dueUs.push(at);
    kinds.push(FAULT_KINDS[k % FAULT_KINDS.length]!);
  }

  let samplesSent = 0;
  let repsPerformed = 0;
  let repsCut = 0;
  let lostToFaults = 0;
  let clockOriginUs = 0;
  let storageBackUs: number | null = null;
  let jumpPending = false;
  const heapMB: number[] = [];
  const arrayBuffersMB: number[] = [];
  const firstMinute = { us: 0, n: 0 };
  const lastMinute = { us: 0, n: 0 };
  let pending: { timeUs: number[]; angleDeg: number[] } = { timeUs: [], angleDeg: [] };
  let nextSecondUs = firstUs + 1e6;
  let nextHourUs = firstUs + 3600e6;
  let nextProgressUs = firstUs + 60e6;

  const deliver = (packet: Uint8Array, atUs: number) => {
    const t0 = performance.now();
    const result = stream.push(packet);
    for (const batch of batchesOf(result)) unit.emitSamples(batch);
    for (const warning of result.warnings) unit.emitWarning(warning);
    for (const frame of frames.splice(0)) frame();
    const us = (performance.now() - t0) * 1000;
    const window = atUs < firstUs + 60e6 ? firstMinute : atUs >= endUs - 60e6 ? lastMinute : null;
    if (window !== null) {
      window.us += us;
      window.n++;
    }
  };
  const sendPending = (atUs: number) => {
    if (pending.timeUs.length === 0) return;
    deliver(encodeSamplePackets(pending, { recordsPerPacket: pending.timeUs.length })[0]!, atUs);
    pending = { timeUs: [], angleDeg: [] };
  };
  const measureMemory = () => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    heapMB.push(m.heapUsed / 2 ** 20);
    arrayBuffersMB.push(m.arrayBuffers / 2 ** 20);
  };

  let startUs = firstUs;
  let angle: number | undefined;
  for (let setIndex = 0; startUs < endUs; setIndex++) {
    const set = synthesizeSet({ reps: REPS_PER_SET, seed: 1000 + setIndex, inertia: INERTIA, hz: HZ, startTimeUs: startUs, startAngleDeg: angle, restBeforeS: 1, restAfterS: REST_BETWEEN_SETS_S });
    repsPerformed += set.reps.length;
    const planned = placeFaults(set, dueUs, kinds);
    let outage: Planned | null = null;
    let lastSentUs = 0;
    for (let i = 0; i < set.timeUs.length; i++) {
      const t = set.timeUs[i]!;
      samplesSent++;
      while (planned.length > 0 && planned[0]!.atUs <= t) {
        const fault = planned.shift()!;
        faults[fault.kind]++;
        sendPending(t);
        if (fault.kind === 'drop') {
          outage = fault;
          repsCut++;
          session.interrupt();
        } else if (fault.kind === 'restart') {
          repsCut++;
          clockOriginUs = t - 1000;
        } else if (fault.kind === 'storage') {
          store.full = true;
          storageBackUs = fault.untilUs;
        } else if (fault.kind === 'time-jump') {
          jumpPending = true;
        } else {
          deliver(new Uint8Array(7), t);
        }
      }
      if (storageBackUs !== null && t >= storageBackUs) {
        store.full = false;
        storageBackUs = null;
      }
      if (outage !== null) {
        if (t < outage.untilUs) {
          lostToFaults++;
          continue;
        }
        stream.resumeAfter(t - lastSentUs);
        outage = null;
      }
      let raw = (((t - clockOriginUs) % 2 ** 32) + 2 ** 32) % 2 ** 32;
      if (jumpPending) {
        raw = (raw + 2 ** 30) % 2 ** 32;
        jumpPending = false;
        lostToFaults++;
      }
      pending.timeUs.push(raw);
      pending.angleDeg.push(set.angleDeg[i]!);
      lastSentUs = t;
      if (pending.timeUs.length === PER_PACKET) sendPending(t);
      if (t >= nextSecondUs) {
        nextSecondUs += 1e6;
        wallMs += 1000;
        timer.fire();
        await recorder.flush();
      }
      if (t >= nextHourUs) {
        nextHourUs += 3600e6;
        measureMemory();
      }
      if (t >= nextProgressUs) {
        nextProgressUs += 60e6;
        options.onProgress?.(Math.min(1, (t - firstUs) / (endUs - firstUs)));
      }
    }
    sendPending(set.timeUs[set.timeUs.length - 1]!);
    startUs = set.timeUs[set.timeUs.length - 1]! + 1e6 / HZ;
    angle = set.endAngleDeg;
  }
  if (heapMB.length < Math.floor(options.hours)) measureMemory();

  store.full = false;
  session.detach();
  const id = recorder.recordingId!;
  await recorder.end();
  const loaded = await loadSession(store, id);
  const timeline = new SessionTimeline();
  timeline.restore(loaded.samples.timeUs, loaded.gaps);
  const journaled = reprocessLoads(createEngine, loaded.samples, timeline.starts, settings.peek(), loadsFromRecord(loaded.meta));
  const onScreen = session.raw().timeUs.length;
  recorder.dispose();
  return {
    hours: options.hours,
    samplesSent,
    faults,
    repsPerformed,
    repsCutByFaults: repsCut,
    repsShown: session.reps.peek().length,
    repsJournaled: journaled.length,
    samplesOnScreen: onScreen,
    samplesJournaled: loaded.samples.timeUs.length,
    samplesLostToFaults: lostToFaults,
    samplesLostOtherwise: samplesSent - lostToFaults - onScreen,
    heapMB,
    arrayBuffersMB,
    batchUsFirstMinute: firstMinute.us / Math.max(1, firstMinute.n),
    batchUsLastMinute: lastMinute.us / Math.max(1, lastMinute.n),
    storageAlerts,
    otherErrors,
  };
}
