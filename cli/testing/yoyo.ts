/**
 * Debug CSVs of a yo-yo, for the batch command's tests: a flywheel on a shaft of r = 0.014 m,
 * angle θ(t) = A·cos(2πt/P) with A = 1800° (5 turns) and P = 4 s, at rest 0.5 s before and 1 s
 * after, sampled every 5 ms. The rope position is |θ|, so each quarter period is one phase and
 * N = 4 half periods are 4 reps. Per phase, by hand:
 *   duration        P/4                                   = 1 s
 *   mean |v|        r·A/(P/4)         = 0.014·10π/1       = 0.43982 m/s
 *   peak |v|        r·A·2π/P          = 0.014·10π·π/2     = 0.69087 m/s
 *   mean |τ|        I·A·(2π/P)²·(2/π) = 0.05·10π·(π/2)²·2/π = 2.4674 N·m   (I = 0.05 kg·m²)
 *   force           τ/r                                   = 176.24 N
 */
export const A_DEG = 1800;
export const PERIOD_S = 4;
export const STROKES = 4;
export const R = 0.014;
const A_RAD = (A_DEG * Math.PI) / 180;
export const EXPECTED = {
  duration: PERIOD_S / 4,
  velocity: (R * A_RAD) / (PERIOD_S / 4),
  peakVelocity: (R * A_RAD * 2 * Math.PI) / PERIOD_S,
  torque: 0.05 * A_RAD * ((2 * Math.PI) / PERIOD_S) ** 2 * (2 / Math.PI),
};
export const HEADER = '#, Angle, Time (µs), Angular Velocity (rad/s), Angular Acceleration (rad/s²)';

/**
 * `bouts` of the yo-yo's N strokes, `gapS` seconds of rest between them (at the start position);
 * lines end in `eol`; a sample every `stepS` seconds (200 Hz unless said).
 */
export function yoyoCsv(bouts = 1, gapS = 0, eol = '\r\n', stepS = 0.005): string {
  const rows = [HEADER];
  const rest0 = 0.5;
  const move = (STROKES * PERIOD_S) / 2;
  const cycle = move + gapS;
  for (let i = 0; i * stepS < rest0 + bouts * cycle - gapS + 1; i++) {
    const s = i * stepS - rest0;
    const bout = Math.min(Math.max(Math.floor(s / cycle), 0), bouts - 1);
    const t = Math.min(Math.max(s - bout * cycle, 0), move);
    rows.push(`${i + 1},${A_DEG * Math.cos((2 * Math.PI * t) / PERIOD_S)},${Math.round(1_000_000 + 1e6 * stepS * i)},,`);
  }
  return rows.join(eol) + eol;
}
