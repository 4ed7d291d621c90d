/**
 * One time axis for a session whose samples come in stretches: where each segment begins (for
 * the segmented engine), the gaps between them (for the journal and the user), and the device
 * times placed so that they keep increasing across every gap.
 *
 * Two kinds of break (product rules silent):
 * - 'link': the unit dropped the link and the same connection came back. The transport keeps
 *   the unit's clock going (Unit.reconnect), so times continue as they are.
 * - 'clock': the unit's clock jumped or restarted while connected. The sample stream has already
 *   placed the samples after it on the session's clock, so they are kept as they are.
 * - 'connection': a recovered session carries on over a new connection. The unit's clock is
 *   unrelated to the recording: a clock that is ahead is kept (the gap is then the real pause),
 *   a clock that is behind (the Demo unit restarts at 5 s, a unit may have rebooted) is shifted
 *   so its first sample lands {@link RESTARTED_CLOCK_GAP_US} after the last recorded one. The
 *   shift is kept for the rest of that connection, across link drops too.
 * The gap of a break is [last sample before, first sample after], device time on this axis.
 */

export interface Gap {
  fromUs: number;
  toUs: number;
}

export type BreakKind = 'link' | 'clock' | 'connection';

/** How far after the recording a restarted clock's first sample is placed, µs. */
export const RESTARTED_CLOCK_GAP_US = 1_000_000;

export interface Placed {
  /** The batch's times on the session's axis. */
  timeUs: number[];
  /** The gap this batch closes, when it is the first after a break. */
  gap: Gap | null;
}

export class SessionTimeline {
  private segmentStarts: number[] = [];
  private gapList: Gap[] = [];
  private count = 0;
  private lastUs = Number.NEGATIVE_INFINITY;
  private pending: BreakKind | null = null;
  private offsetUs = 0;

  /** Sample indices where the segments after the first begin, ascending. */
  get starts(): readonly number[] {
    return this.segmentStarts;
  }

  get gaps(): readonly Gap[] {
    return this.gapList;
  }

  /** True between a break and the first samples after it. */
  get interrupted(): boolean {
    return this.pending !== null;
  }

  /** The stream broke: the next samples start a new segment. Nothing to break before any sample. */
  interrupt(kind: BreakKind): void {
    if (this.count === 0) return;
    if (this.pending !== 'connection') this.pending = kind;
  }

  place(timeUs: readonly number[]): Placed {
    if (timeUs.length === 0) return { timeUs: [], gap: null };
    let gap: Gap | null = null;
    if (this.pending !== null) {
      if (this.pending === 'connection') this.offsetUs = 0;
      if (timeUs[0]! + this.offsetUs <= this.lastUs) this.offsetUs = this.lastUs + RESTARTED_CLOCK_GAP_US - timeUs[0]!;
      gap = { fromUs: this.lastUs, toUs: timeUs[0]! + this.offsetUs };
      this.gapList.push(gap);
      this.segmentStarts.push(this.count);
      this.pending = null;
    }
    const placed = this.offsetUs === 0 ? [...timeUs] : timeUs.map((t) => t + this.offsetUs);
    this.count += placed.length;
    for (const t of placed) if (t > this.lastUs) this.lastUs = t;
    return { timeUs: placed, gap };
  }

  /** A recorded session: its samples' times and the gaps the journal kept. */
  restore(timeUs: ArrayLike<number>, gaps: readonly Gap[]): void {
    this.clear();
    this.count = timeUs.length;
    for (let i = 0; i < timeUs.length; i++) if (timeUs[i]! > this.lastUs) this.lastUs = timeUs[i]!;
    let at = 0;
    for (const gap of gaps) {
      if (!(gap.toUs > gap.fromUs)) throw new Error(`a gap must end after it starts, got ${gap.fromUs} … ${gap.toUs} µs`);
      while (at < timeUs.length && timeUs[at]! < gap.toUs) at++;
      if (at > 0 && at < timeUs.length && at !== this.segmentStarts.at(-1)) this.segmentStarts.push(at);
      this.gapList.push({ ...gap });
    }
  }

  clear(): void {
    this.segmentStarts = [];
    this.gapList = [];
    this.count = 0;
    this.lastUs = Number.NEGATIVE_INFINITY;
    this.pending = null;
    this.offsetUs = 0;
  }
}
