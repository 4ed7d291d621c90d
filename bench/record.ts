/**
 * Benchmarks write their figures here, one section per benchmark, merged into
 * bench/results.json so `npm run bench` leaves one file with every figure of the last run.
 * Figures are ratios and throughputs measured within one run: this machine is shared and noisy.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

export interface Figure {
  value: number;
  unit: string;
  /** The issue's target, as text ("≥ 3", "< 3 s"), and whether this run met it. */
  target?: string;
  met?: boolean;
  note?: string;
}

export function record(section: string, figures: Record<string, Figure>): void {
  const all = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>) : {};
  all[section] = { measuredAt: new Date().toISOString(), ...figures };
  writeFileSync(RESULTS, JSON.stringify(all, null, 2) + '\n');
  for (const [name, f] of Object.entries(figures)) {
    const verdict = f.met === undefined ? '' : f.met ? '  (target met)' : '  (TARGET MISSED)';
    console.log(`${section} · ${name}: ${Number(f.value.toPrecision(4))} ${f.unit}${f.target ? `  target ${f.target}` : ''}${verdict}`);
  }
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
