/**
 * The per-connection filter between 0x1604 notifications and the engine. docs/behaviour.md §8 says jitter is
 * logged as a warning and skipped; this is where "skipped" is decided, once, for every transport
 * (Web Bluetooth, the simulated unit, the native adapter).
 *
 * Rules (each skip is counted and reported as a {@link SampleWarning}, one per kind per packet):
 * - a packet of the wrong length is skipped whole ('bad-length');
 * - a sample with a non-finite angle or time, or one beyond what the engine takes
 *   (MAX_SAMPLE_VALUE: a float32 bit flip can make 1e27 ms), is skipped ('non-finite'), its
 *   packet mates are kept;
 * - a sample whose time is not after the last ACCEPTED sample, across packets, is skipped
 *   ('time-not-increasing'); it does not move the clock, so one late sample cannot block the rest.
 * Samples already accepted are never touched again, and `push` never throws, whatever the bytes.
 *
 * Clock wrap-around (records format, product rules silent): the unit's time is a uint32 µs counter that
 * wraps every 2^32 µs ≈ 71.6 min. A serious app must not lose a set at minute 72, so times are
 * unwrapped with serial-number arithmetic (RFC 1982): the forward distance from the last accepted
 * raw time, modulo 2^32, is a step forward when below 2^31 µs (≈ 35.8 min) and a step back
 * otherwise. Notifications arrive every few ms while connected, so a real gap never comes close.
 * The unwrapped timeline starts at the first accepted raw time. Legacy times are float ms and do
 * not wrap.
 *
 * Reconnecting (product rules silent): the stream outlives a device-side drop, so times keep increasing
 * across the gap and a sample is never delivered twice. If the unit rebooted meanwhile, its
 * clock restarted and every new time would look old; {@link SampleStream.resumeAfter} rebases
 * such a clock once, at the first sample after the link came back, so that sample lands the
 * outage's wall-clock length after the last accepted one. A unit whose clock kept running is
 * left alone (its first time after the drop is a step forward).
 *
 * Clock faults while connected (product rules silent): samples arrive every few ms, so a step of
 * more than {@link MAX_STEP_US} forward, or any step back, is not time passing. Such a sample is
 * skipped at once ('time-jump' or 'time-not-increasing'), so an isolated outlier (a glitch, a bit
 * flip of +2^30 µs) never becomes the clock. The stream remembers the run of skipped samples that
 * follow each other at plausible steps; when {@link CLOCK_CONFIRM_SAMPLES} of them do, the unit's
 * clock really jumped or restarted. The run is then taken back, placed {@link CLOCK_BREAK_GAP_US}
 * after the last accepted sample (the real pause is unknowable, and a short one keeps the
 * session's duration honest), and handed out as a batch `afterBreak`, which the session treats
 * like a reconnect: the rep in progress is not counted and no rep is stitched across. A
 * 'clock-break' warning tells the user; the run's samples leave the skip counts.
 */
import type { RawSamples, SampleWarning } from '../unit';
import { MAX_SAMPLE_VALUE } from '../../engine/ranges';
import { decodeSamplePacket, UINT32_RANGE, type DecodeFormat, type SampleFormat } from './samplePacket';

export interface SkipCounts {
  /** packets */
  badLength: number;
  /** samples */
  nonFinite: number;
  /** samples */
  timeNotIncreasing: number;
  /** samples more than MAX_STEP_US after the last accepted one */
  timeJump: number;
  /** times the unit's clock jumped or restarted and the stream followed it after a break */
  clockBreaks: number;
}

export interface StreamResult {
  /** Accepted samples of this packet (possibly none). */
  samples: RawSamples;
  warnings: SampleWarning[];
  /** Index in `samples` from which they follow a clock break (absent: no break). */
  breakAt?: number;
}

/** Largest forward step between consecutive samples that is time passing (notifications come every few ms). */
export const MAX_STEP_US = 1_000_000;
/** Skipped samples that must follow each other at plausible steps before the stream trusts a new clock. */
export const CLOCK_CONFIRM_SAMPLES = 8;
/** Where the first sample after a clock break is placed: this long after the last accepted one. */
export const CLOCK_BREAK_GAP_US = 1_000_000;

const HALF_RANGE = UINT32_RANGE / 2;

interface Suspect {
  raw: number;
  angle: number;
  jump: boolean;
}

export class SampleStream {
  private lastRaw: number | undefined;
  private lastUs: number | undefined;
  /** Added to legacy times after a rebase (records rebase through `lastRaw` instead). */
  private legacyOffsetUs = 0;
  /** Set by `resumeAfter` until the first sample after the link came back. */
  private resumingUs: number | null = null;
  /** Skipped samples that follow each other at plausible steps: a new clock, once there are enough. */
  private suspects: Suspect[] = [];
  private readonly counts: SkipCounts = { badLength: 0, nonFinite: 0, timeNotIncreasing: 0, timeJump: 0, clockBreaks: 0 };

  /** 'auto' (unknown firmware) is settled by the first packet of a valid length. */
  constructor(private format: DecodeFormat) {}

  /** Totals since the stream was created (one stream per connection). */
  get skipped(): Readonly<SkipCounts> {
    return { ...this.counts };
  }

  /**
   * The link came back after `outageUs` (wall clock). The next accepted sample decides: a step
   * forward continues the clock; a time at or before the last accepted one means the unit's
   * clock restarted, and that sample is placed `outageUs` after the last accepted one.
   */
  resumeAfter(outageUs: number): void {
    if (!Number.isFinite(outageUs) || outageUs < 0) throw new RangeError(`resumeAfter: the outage must be ≥ 0 µs, got ${outageUs}`);
    if (this.lastUs !== undefined) this.resumingUs = Math.max(1, Math.round(outageUs));
    this.suspects = [];
  }

  push(bytes: DataView | Uint8Array): StreamResult {
    const view = bytes instanceof DataView ? bytes : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const decoded = decodeSamplePacket(view, this.format);
    const samples: RawSamples = { timeUs: [], angleDeg: [] };
    if (decoded.kind === 'bad-length') {
      this.counts.badLength++;
      const message = `Skipped a sample packet of ${decoded.byteLength} bytes: expected ${decoded.expected}`;
      return { samples, warnings: [{ kind: 'bad-length', message }] };
    }
    this.format = decoded.format;
    let nonFinite = 0;
    const late: string[] = [];
    const jumped: string[] = [];
    const warnings: SampleWarning[] = [];
    let breakAt: number | undefined;
    const accept = (time: number, raw: number, angle: number) => {
      this.lastRaw = raw;
      this.lastUs = time;
      samples.timeUs.push(time);
      samples.angleDeg.push(angle);
    };
    for (let i = 0; i < decoded.angleDeg.length; i++) {
      const angle = decoded.angleDeg[i]!;
      const raw = decoded.timeUs[i]!;
      if (!(Math.abs(angle) <= MAX_SAMPLE_VALUE && Math.abs(raw) <= MAX_SAMPLE_VALUE)) {
        nonFinite++;
        continue;
      }
      const resuming = this.resumingUs !== null;
      const time = this.place(decoded.format, raw);
      if (time !== undefined && (resuming || this.lastUs === undefined || time - this.lastUs <= MAX_STEP_US)) {
        this.suspects = [];
        accept(time, raw, angle);
        continue;
      }
      const jump = time !== undefined;
      (jump ? jumped : late).push(`${raw} µs`);
      if (!this.suspect(decoded.format, { raw, angle, jump })) continue;
      const run = this.suspects;
      this.suspects = [];
      breakAt ??= samples.timeUs.length;
      const fromRaw = this.lastRaw!;
      this.rebase(decoded.format, run[0]!.raw);
      // Placing can still refuse a sample (float32 legacy times too large to step by µs):
      // that one stays skipped, as its warning said.
      const taken = run.filter((s) => {
        const placed = this.place(decoded.format, s.raw);
        if (placed !== undefined) accept(placed, s.raw, s.angle);
        return placed !== undefined;
      });
      this.forgive(taken, late, jumped);
      warnings.push({
        kind: 'clock-break',
        message: `The unit's clock ${jump ? 'jumped ahead' : 'went back'} (raw time ${run[0]!.raw} µs after ${fromRaw} µs): samples continue after a break, and the rep in progress is not counted`,
      });
    }
    const skips: SampleWarning[] = [];
    if (nonFinite > 0) {
      this.counts.nonFinite += nonFinite;
      skips.push({ kind: 'non-finite', message: `Skipped ${nonFinite} sample(s) with a non-finite or impossible angle or time` });
    }
    const last = this.lastRaw === undefined ? '' : ` (last accepted raw time ${this.lastRaw} µs)`;
    if (late.length > 0) {
      this.counts.timeNotIncreasing += late.length;
      skips.push({ kind: 'time-not-increasing', message: `Skipped ${late.length} sample(s) whose time does not increase: ${late.join(', ')}${last}` });
    }
    if (jumped.length > 0) {
      this.counts.timeJump += jumped.length;
      skips.push({ kind: 'time-jump', message: `Skipped ${jumped.length} sample(s) whose time jumps more than 1 s ahead: ${jumped.join(', ')}${last}` });
    }
    warnings.unshift(...skips);
    return breakAt === undefined ? { samples, warnings } : { samples, warnings, breakAt };
  }

  /** Adds a skipped sample to the run it continues (or starts a run); true when the run confirms a new clock. */
  private suspect(format: SampleFormat, next: Suspect): boolean {
    const previous = this.suspects.at(-1);
    if (previous === undefined || !plausibleStep(format, previous.raw, next.raw)) this.suspects = [];
    this.suspects.push(next);
    return this.suspects.length >= CLOCK_CONFIRM_SAMPLES;
  }

  /** Takes a confirmed run out of the skip lists of this packet and the counts of earlier ones. */
  private forgive(run: Suspect[], late: string[], jumped: string[]): void {
    for (const s of run) {
      const list = s.jump ? jumped : late;
      const at = list.lastIndexOf(`${s.raw} µs`);
      if (at >= 0) list.splice(at, 1);
      else if (s.jump) this.counts.timeJump--;
      else this.counts.timeNotIncreasing--;
    }
    this.counts.clockBreaks++;
  }

  /** Makes `raw` the clock's next time, CLOCK_BREAK_GAP_US after the last accepted sample. */
  private rebase(format: SampleFormat, raw: number): void {
    const target = this.lastUs! + CLOCK_BREAK_GAP_US;
    if (format === 'legacy') {
      this.legacyOffsetUs = target - raw;
      return;
    }
    // unwrap(raw) is lastUs + forward(raw − lastRaw); pick lastRaw so that forward is the gap.
    this.lastRaw = (((raw - CLOCK_BREAK_GAP_US) % UINT32_RANGE) + UINT32_RANGE) % UINT32_RANGE;
  }
  /** The time of an accepted raw time on the stream's timeline, or undefined when it is not after the last one. */
  private place(format: 'records' | 'legacy', raw: number): number | undefined {
    const resuming = this.resumingUs;
    this.resumingUs = null;
    const time = format === 'records' ? this.unwrap(raw) : this.legacyTime(raw);
    if (time !== undefined || resuming === null) return time;
    const rebased = this.lastUs! + resuming;
    if (format === 'legacy') this.legacyOffsetUs = rebased - raw;
    return rebased;
  }

  private legacyTime(raw: number): number | undefined {
    const time = raw + this.legacyOffsetUs;
    return this.lastUs === undefined || time > this.lastUs ? time : undefined;
  }

  /** The unwrapped time of a raw uint32 record time, or undefined when it is not a step forward. */
  private unwrap(raw: number): number | undefined {
    if (this.lastRaw === undefined || this.lastUs === undefined) return raw;
    const forward = (((raw - this.lastRaw) % UINT32_RANGE) + UINT32_RANGE) % UINT32_RANGE;
    return forward > 0 && forward < HALF_RANGE ? this.lastUs + forward : undefined;
  }
}

/** True when `next` follows `previous` (raw device times) by a forward step of at most MAX_STEP_US. */
function plausibleStep(format: SampleFormat, previous: number, next: number): boolean {
  const step = format === 'records' ? (((next - previous) % UINT32_RANGE) + UINT32_RANGE) % UINT32_RANGE : next - previous;
  return step > 0 && step <= MAX_STEP_US;
}

/** The result's samples as the unit hands them out: one batch, or two around a clock break. */
export function batchesOf(result: StreamResult): RawSamples[] {
  const { samples, breakAt } = result;
  if (breakAt === undefined) return samples.timeUs.length > 0 ? [samples] : [];
  const before = { timeUs: samples.timeUs.slice(0, breakAt), angleDeg: samples.angleDeg.slice(0, breakAt) };
  const after = { timeUs: samples.timeUs.slice(breakAt), angleDeg: samples.angleDeg.slice(breakAt), afterBreak: true as const };
  return before.timeUs.length > 0 ? [before, after] : [after];
}
