/**
 * The engine settings each stretch of a session is computed with. Two things change the figures
 * over a session: the load's inertia (rules/loads.ts) and who trains what (rules/setTags.ts: the
 * athlete's body mass times the exercise's share, and the exercise's rope radius,
 * rules/exerciseMechanics.ts). A rep takes the settings in force when its movement started, so
 * the sets before a change keep their figures.
 *
 * A stretch is a time range over which the inertia, mass and radius stay the same; boost changes
 * and changes that leave those three alone make no stretch (the engine computes nothing from
 * them). A tag span without its own mass or radius (written before they were kept) takes the
 * session's; so does a session without tags.
 */
import type { EngineSettings } from '../engine/types';
import { loadAt, type LoadSpan } from './loads';
import { tagAt, type TagSpan } from './setTags';

export interface EngineStretch {
  /** The engine settings of the reps starting in [fromUs, toUs). */
  settings: EngineSettings;
  fromUs: number;
  toUs: number;
}

const sameFigures = (a: EngineSettings, b: EngineSettings): boolean => a.inertia === b.inertia && a.mass === b.mass && a.radius === b.radius;

/** The session's stretches, first first: `base` with each span's inertia, mass and radius. */
export function engineStretches(base: EngineSettings, loads: readonly LoadSpan[], tags: readonly TagSpan[]): EngineStretch[] {
  const starts = [...new Set([Number.NEGATIVE_INFINITY, ...loads.map((l) => l.fromUs), ...tags.map((t) => t.fromUs)])].sort((a, b) => a - b);
  const stretches: EngineStretch[] = [];
  for (const fromUs of starts) {
    const tag = tags.length > 0 ? tagAt(tags, fromUs) : null;
    const settings: EngineSettings = {
      ...base,
      inertia: loads.length > 0 ? loadAt(loads, fromUs).inertia : base.inertia,
      mass: tag?.mass ?? base.mass,
      radius: tag?.radius ?? base.radius,
    };
    const last = stretches.at(-1);
    if (last !== undefined && sameFigures(last.settings, settings)) continue;
    if (last !== undefined) last.toUs = fromUs;
    stretches.push({ settings, fromUs, toUs: Number.POSITIVE_INFINITY });
  }
  return stretches;
}

/** Whether two lists of stretches compute every rep alike. */
export function sameStretches(a: readonly EngineStretch[], b: readonly EngineStretch[]): boolean {
  return a.length === b.length && a.every((s, i) => s.fromUs === b[i]!.fromUs && sameFigures(s.settings, b[i]!.settings));
}
