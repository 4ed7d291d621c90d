/**
 * The live session's loads and tags over its time (rules/loads.ts, rules/setTags.ts): the plates'
 * inertia and the boost, and who trains what (`who`: the athlete and exercise, with the engine's
 * mass and radius for them and their warmup). A change while the unit streams and a rep has
 * started under the span in force begins a new span, applying to the reps that start after it (a
 * new set; the earlier reps keep theirs); otherwise it corrects the span in force, whose reps are
 * processed again with it. Only a streaming session has a "before" and "after" the change; a
 * finished one is corrected. A change of `who` with a `since` takes effect from that time rather
 * than the newest sample's.
 */
import { batch, effect, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { EngineSettings } from '../engine/types';
import { changeLoad, type LoadSpan } from '../rules/loads';
import { changeTagSettings, type Tag, type TagSettings, type TagSpan } from '../rules/setTags';
import type { LiveEngine } from './liveEngine';
import type { RawBuffer } from './rawBuffer';

export interface FollowSpansDeps {
  /** The engine settings; their `inertia` is the plates' total, the load's inertia. */
  settings: ReadonlySignal<EngineSettings>;
  boost: ReadonlySignal<number>;
  /** Who trains what now (the live session's `Who`), null while nobody is named. */
  who: ReadonlySignal<(Tag & Required<TagSettings> & { since?: number }) | null>;
  /** The session's spans, which this keeps. */
  loads: Signal<LoadSpan[]>;
  tags: Signal<TagSpan[]>;
  raw: Pick<RawBuffer, 'length' | 'view'>;
  engine: Pick<LiveEngine, 'running' | 'startedUnder' | 'changes' | 'rebuild'>;
}

/** Keeps the session's loads and tags with every change of the settings, boost and `who`; returns the function that stops. */
export function followSpans(deps: FollowSpansDeps): () => void {
  const { settings, boost, who, loads, tags, raw, engine } = deps;
  return effect(() => {
    const s = settings.value;
    const load = { inertia: s.inertia, boost: boost.value };
    const now = who.value;
    const [before, tagsBefore] = [loads.peek(), tags.peek()];
    const newest = raw.length > 0 ? raw.view().timeUs[raw.length - 1]! : null;
    const spans = changeLoad(before, load, newest, engine.running && engine.startedUnder(before.at(-1)!));
    const lastTag = tagsBefore.at(-1);
    const at = now?.since !== undefined && newest !== null ? Math.min(now.since, newest) : newest;
    const tagSpans = now === null ? tagsBefore : changeTagSettings(tagsBefore, now, at, engine.running && lastTag !== undefined && engine.startedUnder(lastTag));
    if (engine.changes(s, spans, tagSpans)) engine.rebuild(s, spans, tagSpans);
    else
      batch(() => {
        if (spans !== before) loads.value = spans;
        if (tagSpans !== tagsBefore) tags.value = tagSpans;
      });
  });
}
