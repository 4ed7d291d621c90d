/**
 * Fuzzing of the 0x1604 sample path: streams of notifications as a unit sends them,
 * randomly mutated the ways a radio, a firmware bug or a hostile peripheral could (random bytes,
 * truncated or extended packets, flipped bits, NaN angles, times jumping ahead or back, a clock
 * restart, duplicates, losses), pushed through the {@link SampleStream}. Shared by the unit
 * suite (a fixed seed, a few thousand notifications) and the soak command (100 000 per format).
 *
 * What must hold for every notification: `push` never throws; every sample handed out is finite
 * (within the engine's MAX_SAMPLE_VALUE) and later than the last one; a packet of a bad length gets its 'bad-length' warning; and every
 * finite sample of a good packet is either handed out or named by a skip warning, so nothing
 * disappears without a message.
 */
import fc from 'fast-check';
import { MAX_SAMPLE_VALUE } from '../../engine/ranges';
import { decodeSamplePacket, encodeSamplePackets, type SampleFormat } from '../protocol/samplePacket';
import { SampleStream } from '../protocol/sampleStream';

type Mutation =
  | { kind: 'keep' }
  | { kind: 'random'; bytes: Uint8Array }
  | { kind: 'truncate'; by: number }
  | { kind: 'extend'; bytes: Uint8Array }
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'bad-angle'; at: number; value: number }
  | { kind: 'time-jump'; at: number }
  | { kind: 'time-back'; at: number; byUs: number }
  | { kind: 'restart' }
  | { kind: 'duplicate' }
  | { kind: 'lose' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 30, arbitrary: fc.constant({ kind: 'keep' as const }) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 48 }).map((bytes) => ({ kind: 'random' as const, bytes })) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 12 }).map((by) => ({ kind: 'truncate' as const, by })) },
  { weight: 2, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 12 }).map((bytes) => ({ kind: 'extend' as const, bytes })) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('bad-angle' as const), at: fc.nat(), value: fc.constantFrom(NaN, Infinity, -Infinity) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('time-jump' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('time-back' as const), at: fc.nat(), byUs: fc.integer({ min: 1, max: 2_000_000 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'duplicate' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'lose' as const }) },
);

export interface NotificationFuzzReport {
  notifications: number;
  /** Notifications the fuzzer made bad on purpose (any mutation but keep). */
  mutated: number;
  samplesOut: number;
  warnings: Record<string, number>;
  /** What broke the rules; empty when the sample path held. */
  failures: string[];
}

/** A stream of a unit's packets: 200 Hz samples from `t0Us`, 1–6 records per packet, with the mutations applied. */
function packetsOf(format: SampleFormat, mutations: Mutation[], t0Us: number, perPacket: number): { packets: Uint8Array[]; mutated: number } {
  const packets: Uint8Array[] = [];
  let mutated = 0;
  let clockUs = t0Us;
  let angle = 0;
  for (const m of mutations) {
    const n = format === 'legacy' ? 1 : perPacket;
    const timeUs: number[] = [];
    const angleDeg: number[] = [];
    for (let i = 0; i < n; i++) {
      clockUs += 5_000;
      angle += 3;
      timeUs.push(clockUs);
      angleDeg.push(angle % 900);
    }
    const at = (index: number) => index % n;
    if (m.kind === 'time-jump') timeUs[at(m.at)]! += 2 ** 30;
    if (m.kind === 'time-back') timeUs[at(m.at)] = Math.max(0, timeUs[at(m.at)]! - m.byUs);
    if (m.kind === 'bad-angle') angleDeg[at(m.at)] = m.value;
    if (m.kind === 'restart') {
      clockUs = 0;
      for (let i = 0; i < n; i++) timeUs[i] = (i + 1) * 5_000;
      clockUs = n * 5_000;
    }
    let packet = encodeSamplePackets({ timeUs, angleDeg }, { format, recordsPerPacket: n })[0]!;
    if (m.kind === 'random') packet = m.bytes;
    if (m.kind === 'truncate') packet = packet.slice(0, Math.max(0, packet.length - m.by));
    if (m.kind === 'extend') packet = Uint8Array.from([...packet, ...m.bytes]);
    if (m.kind === 'flip' && packet.length > 0) packet[m.at % packet.length]! ^= 1 << m.bit;
    if (m.kind !== 'keep') mutated++;
    if (m.kind === 'lose') continue;
    packets.push(packet);
    if (m.kind === 'duplicate') packets.push(packet.slice());
  }
  return { packets, mutated };
}

/** How many samples a skip warning names ("Skipped 3 sample(s) …"); 0 for other warnings. */
function namedSamples(message: string): number {
  const match = /^Skipped (\d+) sample\(s\)/.exec(message);
  return match ? Number(match[1]) : 0;
}

/** Where the samples of one fuzzed connection go as the stream hands them out (e.g. an engine), and its end. */
export interface StreamSink {
  samples(timeUs: number[], angleDeg: number[]): void;
  end(): void;
}

/** Pushes `packets` through one stream and checks the rules for each; failures are described, never thrown. */
function checkStream(format: SampleFormat, packets: Uint8Array[], report: NotificationFuzzReport, sink?: StreamSink): void {
  const stream = new SampleStream(format);
  let last = Number.NEGATIVE_INFINITY;
  for (const packet of packets) {
    report.notifications++;
    const where = `notification ${report.notifications} (${format}, ${packet.length} bytes)`;
    let result;
    try {
      result = stream.push(packet);
    } catch (error) {
      report.failures.push(`${where}: push threw ${String(error)}`);
      continue;
    }
    for (const w of result.warnings) report.warnings[w.kind] = (report.warnings[w.kind] ?? 0) + 1;
    const { timeUs, angleDeg } = result.samples;
    report.samplesOut += timeUs.length;
    if (timeUs.length > 0) sink?.samples(timeUs, angleDeg);
    for (let i = 0; i < timeUs.length; i++) {
      if (!(timeUs[i]! > last) || !(Math.abs(timeUs[i]!) <= MAX_SAMPLE_VALUE) || !(Math.abs(angleDeg[i]!) <= MAX_SAMPLE_VALUE)) {
        report.failures.push(`${where}: handed out ${angleDeg[i]}° at ${timeUs[i]} µs after ${last} µs`);
      }
      last = Math.max(last, timeUs[i]!);
    }
    const decoded = decodeSamplePacket(new DataView(packet.buffer, packet.byteOffset, packet.byteLength), format);
    if (decoded.kind === 'bad-length') {
      if (!result.warnings.some((w) => w.kind === 'bad-length')) report.failures.push(`${where}: a bad length without its warning`);
      continue;
    }
    const plausible = (x: number) => Math.abs(x) <= MAX_SAMPLE_VALUE;
    const finite = decoded.timeUs.filter((t, i) => plausible(t) && plausible(decoded.angleDeg[i]!)).length;
    const nonFinite = decoded.timeUs.length - finite;
    const named = result.warnings.reduce((sum, w) => sum + (w.kind === 'non-finite' ? 0 : namedSamples(w.message)), 0);
    if (nonFinite > 0 && !result.warnings.some((w) => w.kind === 'non-finite' && namedSamples(w.message) === nonFinite)) {
      report.failures.push(`${where}: ${nonFinite} non-finite sample(s) without their warning`);
    }
    if (timeUs.length + named < finite) {
      report.failures.push(`${where}: ${finite} finite samples, ${timeUs.length} handed out, ${named} named by a warning`);
    }
  }
  sink?.end();
}

/**
 * Runs `notifications` fuzzed notifications of one firmware format from `seed`, in streams of
 * 20–300 packets (each a fresh connection); each connection's samples go to a sink of its own
 * from `sinks` when given.
 */
export function fuzzNotifications(format: SampleFormat, notifications: number, seed: number, sinks?: () => StreamSink): NotificationFuzzReport {
  const report: NotificationFuzzReport = { notifications: 0, mutated: 0, samplesOut: 0, warnings: {}, failures: [] };
  const connection = fc.record({
    mutations: fc.array(mutation, { minLength: 20, maxLength: 300 }),
    t0Us: fc.integer({ min: 0, max: format === 'records' ? 2 ** 32 - 1 : 500_000_000 }),
    perPacket: fc.integer({ min: 1, max: 6 }),
  });
  let run = 0;
  while (report.notifications < notifications) {
    const batch = fc.sample(connection, { seed: seed + run++, numRuns: 50 });
    for (const { mutations, t0Us, perPacket } of batch) {
      const { packets, mutated } = packetsOf(format, mutations.slice(0, notifications - report.notifications), t0Us, perPacket);
      report.mutated += mutated;
      checkStream(format, packets, report, sinks?.());
      if (report.notifications >= notifications) break;
    }
  }
  return report;
}
