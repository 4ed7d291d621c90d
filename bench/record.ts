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

/**
 * Wall times in ms of `runs` calls of `fn` after `warmup` untimed calls: the best (the run least
 * disturbed by the machine's other work, which on these shared cores slows a run by up to 1.8×
 * for seconds at a time) and the median.
 */
export function timesMs(fn: () => void, runs = 5, warmup = 1): { best: number; median: number } {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { best: times[0]!, median: times[Math.floor(times.length / 2)]! };
}
