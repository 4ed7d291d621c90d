/**
 * Benchmarks write their figures here, one section per benchmark, merged into
 * bench/results.json so `npm run bench` leaves one file with every figure of the last run. Each
 * figure keeps the run before's value beside it (`previous`, with when and at which commit it
 * was measured), so a run reads against the engine's own earlier figures; a section records the
 * commit it was measured at. Figures are ratios and throughputs measured within one run: this
 * machine is shared and noisy.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

export interface Figure {
  value: number;
  unit: string;
  /** The issue's target, as text ("≥ 30 M", "< 3 s"), and whether this run met it. */
  target?: string;
  met?: boolean;
  note?: string;
  /** The same figure in the run before, if it had one. */
  previous?: { value: number; measuredAt: string; commit?: string };
}

interface Section {
  measuredAt: string;
  commit?: string;
  [figure: string]: Figure | string | undefined;
}

/** The checked-out commit, "+" when the work tree has changes besides the results; undefined outside a git checkout. */
function commit(): string | undefined {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const changed = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)bench/results.json');
    return git('rev-parse', '--short', 'HEAD') + (changed === '' ? '' : '+');
  } catch {
    return undefined;
  }
}

export function record(section: string, figures: Record<string, Figure>): void {
  const all = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, Section>) : {};
  const before = all[section];
  const now: Section = { measuredAt: new Date().toISOString(), commit: commit() };
  for (const [name, figure] of Object.entries(figures)) {
    const old = before?.[name];
    const previous = typeof old === 'object' ? { value: old.value, measuredAt: before!.measuredAt, ...(before!.commit !== undefined && { commit: before!.commit }) } : undefined;
    now[name] = { ...figure, ...(previous && { previous }) };
  }
  all[section] = now;
  writeFileSync(RESULTS, JSON.stringify(all, null, 2) + '\n');
  for (const [name, f] of Object.entries(now)) {
    if (typeof f !== 'object') continue;
    const verdict = f.met === undefined ? '' : f.met ? '  (target met)' : '  (TARGET MISSED)';
    const earlier = f.previous ? `  (previous ${Number(f.previous.value.toPrecision(4))}${f.previous.commit ? ` at ${f.previous.commit}` : ''}, ${signed(f.value / f.previous.value - 1)})` : '';
    console.log(`${section} · ${name}: ${Number(f.value.toPrecision(4))} ${f.unit}${f.target ? `  target ${f.target}` : ''}${verdict}${earlier}`);
  }
}

/** "+1.2 %", "−3.4 %". */
function signed(change: number): string {
  return `${change >= 0 ? '+' : '−'}${Math.abs(100 * change).toFixed(1)} %`;
}

/** The best (the run least disturbed by the machine's other work) and the median of `times`. */
export function bestAndMedian(times: readonly number[]): { best: number; median: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { best: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]! };
}

/** Wall time of one call of `fn`, ms. */
export function msOf(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}
