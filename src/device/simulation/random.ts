/**
 * Seeded randomness for the simulated unit, so a set replays sample for sample from its seed
 * (tests and the end-to-end fixtures depend on that). mulberry32 is tiny, fast and good enough
 * for noise; it is not for anything secret.
 */

export interface Random {
  /** Uniform in [0, 1). */
  uniform(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Standard normal (Box–Muller). */
  gauss(): number;
}

export function createRandom(seed: number): Random {
  if (!Number.isFinite(seed)) throw new RangeError(`A random seed must be a finite number, got ${seed}`);
  let state = Math.trunc(seed) >>> 0;
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    uniform,
    between: (min, max) => min + (max - min) * uniform(),
    gauss: () => {
      const u = 1 - uniform();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
    },
  };
}
