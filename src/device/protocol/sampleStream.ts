/**
 * The per-connection filter between 0x1604 notifications and the engine. SPEC §8 says jitter is
 * logged as a warning and skipped; this is where "skipped" is decided, once, for every transport
 * (Web Bluetooth, the simulated unit, the native adapter).
 *
 * Rules (each skip is counted and reported as a {@link SampleWarning}, one per kind per packet):
 * - a packet of the wrong length is skipped whole ('bad-length');
 * - a sample with a non-finite angle or time is skipped ('non-finite'), its packet mates are kept;
 * - a sample whose time is not after the last ACCEPTED sample, across packets, is skipped
 *   ('time-not-increasing'); it does not move the clock, so one late sample cannot block the rest.
 * Samples already accepted are never touched again, and `push` never throws, whatever the bytes.
 *
 * Clock wrap-around (records format, SPEC silent): the unit's time is a uint32 µs counter that
 * wraps every 2^32 µs ≈ 71.6 min. A serious app must not lose a set at minute 72, so times are
 * unwrapped with serial-number arithmetic (RFC 1982): the forward distance from the last accepted
 * raw time, modulo 2^32, is a step forward when below 2^31 µs (≈ 35.8 min) and a step back
 * otherwise. Notifications arrive every few ms while connected, so a real gap never comes close.
 * The unwrapped timeline starts at the first accepted raw time. Legacy times are float ms and do
 * not wrap.
 *
 * Reconnecting (SPEC silent): the stream outlives a device-side drop, so times keep increasing
 * across the gap and a sample is never delivered twice. If the unit rebooted meanwhile, its
 * clock restarted and every new time would look old; {@link SampleStream.resumeAfter} rebases
 * such a clock once, at the first sample after the link came back, so that sample lands the
 * outage's wall-clock length after the last accepted one. A unit whose clock kept running is
 * left alone (its first time after the drop is a step forward).
 */
import type { RawSamples, SampleWarning } from '../unit';
import { decodeSamplePacket, UINT32_RANGE, type DecodeFormat } from './samplePacket';

export interface SkipCounts {
  /** packets */
  badLength: number;
  /** samples */
  nonFinite: number;
  /** samples */
  timeNotIncreasing: number;
}

export interface StreamResult {
  /** Accepted samples of this packet (possibly none). */
  samples: RawSamples;
  warnings: SampleWarning[];
}

const HALF_RANGE = UINT32_RANGE / 2;

export class SampleStream {
  private lastRaw: number | undefined;
  private lastUs: number | undefined;
  /** Added to legacy times after a rebase (records rebase through `lastRaw` instead). */
  private legacyOffsetUs = 0;
  /** Set by `resumeAfter` until the first sample after the link came back. */
  private resumingUs: number | null = null;
  private readonly counts: SkipCounts = { badLength: 0, nonFinite: 0, timeNotIncreasing: 0 };

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
    for (let i = 0; i < decoded.angleDeg.length; i++) {
      const angle = decoded.angleDeg[i]!;
      const raw = decoded.timeUs[i]!;
      if (!Number.isFinite(angle) || !Number.isFinite(raw)) {
        nonFinite++;
        continue;
      }
      const time = this.place(decoded.format, raw);
      if (time === undefined) {
        late.push(`${raw} µs`);
        continue;
      }
      this.lastRaw = raw;
      this.lastUs = time;
      samples.timeUs.push(time);
      samples.angleDeg.push(angle);
    }
    const warnings: SampleWarning[] = [];
    if (nonFinite > 0) {
      this.counts.nonFinite += nonFinite;
      warnings.push({ kind: 'non-finite', message: `Skipped ${nonFinite} sample(s) with a non-finite angle or time` });
    }
    if (late.length > 0) {
      this.counts.timeNotIncreasing += late.length;
      const last = this.lastRaw === undefined ? '' : ` (last accepted raw time ${this.lastRaw} µs)`;
      warnings.push({
        kind: 'time-not-increasing',
        message: `Skipped ${late.length} sample(s) whose time does not increase: ${late.join(', ')}${last}`,
      });
    }
    return { samples, warnings };
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
