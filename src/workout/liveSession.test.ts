import { effect, signal } from '@preact/signals-react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { type EngineSettings } from '../engine/types';
import { createLiveSession } from './liveSession';
import { NO_PROBLEMS } from '../rules/sampleProblems';
import { createFakeEngine, fakeEngineApi, repSamples } from './testing/fakeEngine';
import { createFakeUnit } from '../device/testing/fakeUnit';

function setup(options: { engine?: typeof fakeEngineApi } = {}) {
  const frames: (() => void)[] = [];
  const settings = signal<EngineSettings>({ ...DEFAULT_ENGINE_SETTINGS });
  const boost = signal(0);
  const errors: string[] = [];
  const session = createLiveSession({
    engine: options.engine ?? fakeEngineApi,
    settings,
    boost,
    requestFrame: (cb) => frames.push(cb),
    onError: (m) => errors.push(m),
  });
  const unit = createFakeUnit();
  const runFrame = () => frames.splice(0).forEach((f) => f());
  return { session, settings, boost, unit, frames, runFrame, errors };
}

const values = (reps: { concentric: { velocity: number } }[]) => reps.map((r) => r.concentric.velocity);

describe('createLiveSession', () => {
  it('shows reps only when the animation frame comes, in one update for many notifications', () => {
    const { session, unit, runFrame, frames } = setup();
    session.attach(unit);
    let updates = 0;
    const stop = effect(() => {
      void session.reps.value;
      updates += 1;
    });
    unit.emitSamples(repSamples(0, 90));
    unit.emitSamples(repSamples(100_000, 80));
    expect(session.reps.value).toEqual([]);
    expect(frames).toHaveLength(1);
    runFrame();
    expect(values(session.reps.value)).toEqual([0.9, 0.8]);
    expect(updates).toBe(2);
    expect(session.stats.value.received).toBe(8);
    stop();
  });

  it('keeps the newest samples for the stream view', () => {
    const { session, unit, runFrame } = setup();
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    runFrame();
    expect(session.latest.value.at(-1)).toEqual({ timeUs: 20_000, angleDeg: 0 });
    expect(session.latest.value).toHaveLength(4);
  });

  it('tells listeners about reps closed by the stream', () => {
    const { session, unit, runFrame } = setup();
    const news = vi.fn();
    session.onLiveReps(news);
    session.attach(unit);
    unit.emitSamples(repSamples(0, 50));
    runFrame();
    expect(news).toHaveBeenCalledOnce();
    expect(values(news.mock.calls[0][0].closed)).toEqual([0.5]);
    expect(news.mock.calls[0][0].turn).toBeNull();
  });

  it('shows a rep’s concentric at its turn, once, and the whole rep when it closes', () => {
    const { session, unit, runFrame } = setup();
    const news = vi.fn();
    session.onLiveReps(news);
    session.attach(unit);
    const { timeUs, angleDeg } = repSamples(0, 80);
    unit.emitSamples({ timeUs: timeUs.slice(0, 3), angleDeg: angleDeg.slice(0, 3) });
    runFrame();
    expect(session.turn.value).toMatchObject({ index: 0, concentric: { velocity: 0.8 } });
    expect(session.reps.value).toEqual([]);
    expect(news.mock.calls.map(([n]) => [n.closed.length, n.turn?.index])).toEqual([[0, 0]]);
    unit.emitSamples({ timeUs: [timeUs[2] + 1], angleDeg: [30] });
    runFrame();
    expect(news).toHaveBeenCalledOnce();
    unit.emitSamples({ timeUs: timeUs.slice(3).map((t) => t + 2), angleDeg: angleDeg.slice(3) });
    runFrame();
    expect(session.turn.value).toBeNull();
    expect(values(session.reps.value)).toEqual([0.8]);
    expect(news.mock.calls.map(([n]) => [n.closed.length, n.turn])).toEqual([[0, expect.anything()], [1, null]]);
  });

  it('forgets the turn under way when the set is reset or the unit detaches', () => {
    const { session, unit, runFrame } = setup();
    session.attach(unit);
    const { timeUs, angleDeg } = repSamples(0, 80);
    unit.emitSamples({ timeUs: timeUs.slice(0, 3), angleDeg: angleDeg.slice(0, 3) });
    runFrame();
    expect(session.turn.value).not.toBeNull();
    session.reset();
    expect(session.turn.value).toBeNull();
    session.attach(unit);
    unit.emitSamples({ timeUs: timeUs.slice(0, 3), angleDeg: angleDeg.slice(0, 3) });
    runFrame();
    session.detach();
    expect(session.turn.value).toBeNull();
    expect(values(session.reps.value)).toEqual([0.8]);
  });

  it('reprocesses the raw record when the inertia changes mid-set, and keeps streaming', () => {
    const { session, unit, runFrame, settings } = setup();
    const closed = vi.fn();
    session.onLiveReps(closed);
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    runFrame();
    settings.value = { ...settings.value, inertia: 0.1 };
    expect(values(session.reps.value)).toEqual([expect.closeTo(0.99, 10)]);
    unit.emitSamples(repSamples(100_000, 50));
    runFrame();
    expect(values(session.reps.value)).toEqual([expect.closeTo(0.99, 10), expect.closeTo(0.55, 10)]);
    expect(closed).toHaveBeenCalledTimes(2);
  });

  it('does not reprocess when an unrelated setting object is equal', () => {
    const api = { ...fakeEngineApi, createEngine: vi.fn(createFakeEngine) };
    const settings = signal<EngineSettings>({ ...DEFAULT_ENGINE_SETTINGS });
    const session = createLiveSession({ engine: api, settings, requestFrame: () => {}, onError: () => {} });
    const unit = createFakeUnit();
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    settings.value = { ...settings.value };
    expect(api.createEngine).toHaveBeenCalledOnce();
  });

  it('keeps the reps after a device-side disconnection and closes the trailing rep', () => {
    const { session, unit, runFrame, settings } = setup();
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    unit.emitSamples({ timeUs: [30_000, 35_000], angleDeg: [40, 60] });
    runFrame();
    session.detach();
    expect(session.live.value).toBe(false);
    expect(values(session.reps.value)).toEqual([0.9, 0.6]);
    settings.value = { ...settings.value, inertia: 1 };
    expect(values(session.reps.value)).toEqual([1.8, 1.2]);
    unit.emitSamples(repSamples(100_000, 90));
    expect(session.raw().timeUs).toHaveLength(6);
  });

  it('counts skipped samples and unit warnings', () => {
    const { session, unit, runFrame } = setup();
    session.attach(unit);
    unit.emitSamples({ timeUs: [10, 10, 5], angleDeg: [1, 2, 3] });
    unit.emitWarning({ kind: 'bad-length', message: 'packet of 5 bytes' });
    runFrame();
    expect(session.stats.value).toEqual({ received: 3, skipped: 2, problems: NO_PROBLEMS, warnings: 1, lastWarning: 'packet of 5 bytes' });
  });

  it('adds up what the engine set aside in the samples, the saturation limit the latest', () => {
    const problems = [
      { rejected: 1, unwrapped: 0, saturated: 1, saturationDeg: 1800, refused: 0, gaps: 0 },
      { rejected: 2, unwrapped: 0, saturated: 0, saturationDeg: 0, refused: 1, gaps: 0 },
    ];
    const counting = {
      ...fakeEngineApi,
      createEngine: () => {
        const engine = createFakeEngine();
        return { ...engine, push: (batch: Parameters<typeof engine.push>[0]) => ({ ...engine.push(batch), problems: problems.shift() }) };
      },
    };
    const { session, unit, runFrame } = setup({ engine: counting });
    session.attach(unit);
    unit.emitSamples({ timeUs: [10, 20], angleDeg: [1, 2] });
    unit.emitSamples({ timeUs: [30, 40], angleDeg: [3, 4] });
    runFrame();
    expect(session.stats.value.problems).toEqual({ rejected: 3, unwrapped: 0, saturated: 1, saturationDeg: 1800, refused: 1, gaps: 0 });
  });

  it('reports an engine failure and keeps listening', () => {
    const failing = {
      ...fakeEngineApi,
      createEngine: () => ({ ...createFakeEngine(), push: () => { throw new Error('wasm trap'); } }),
    };
    const errors: string[] = [];
    const session = createLiveSession({ engine: failing, settings: signal({ ...DEFAULT_ENGINE_SETTINGS }), requestFrame: (cb) => cb(), onError: (m) => errors.push(m) });
    const unit = createFakeUnit();
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    unit.emitSamples(repSamples(100_000, 90));
    expect(errors).toEqual(['The engine failed on new samples: wasm trap', 'The engine failed on new samples: wasm trap']);
    expect(session.stats.value.received).toBe(8);
  });

  it('resets the set: no reps, no samples, counting from zero', () => {
    const { session, unit, runFrame } = setup();
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    runFrame();
    session.reset();
    expect(session.reps.value).toEqual([]);
    expect(session.raw().timeUs).toHaveLength(0);
    unit.emitSamples(repSamples(100_000, 70));
    runFrame();
    expect(session.reps.value.map((r) => r.index)).toEqual([0]);
  });

  it('restores recorded samples with the current settings', () => {
    const { session, settings } = setup();
    settings.value = { ...settings.value, warmup: 2 };
    session.restore({ timeUs: Float64Array.of(1, 2, 3, 4), angleDeg: Float64Array.of(30, 0, 20, 0) });
    expect(session.reps.value.map((r) => [r.index, r.count])).toEqual([[0, -1], [1, 0]]);
  });
});

describe('a live session whose load changes', () => {
  // The stand-in engine's concentric figure is peak / 100 × (1 + inertia).
  it('starts a new load at a plate change after a rep: the reps before keep their inertia', () => {
    const { session, unit, runFrame, settings } = setup();
    settings.value = { ...settings.value, inertia: 0.05 };
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    runFrame();
    settings.value = { ...settings.value, inertia: 0.1 };
    expect(values(session.reps.value)).toEqual([expect.closeTo(0.945, 10)]);
    unit.emitSamples(repSamples(100_000, 50));
    runFrame();
    expect(values(session.reps.value)).toEqual([expect.closeTo(0.945, 10), expect.closeTo(0.55, 10)]);
    expect(session.loads.value).toEqual([
      { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 },
      { fromUs: 20_000, inertia: 0.1, boost: 0 },
    ]);
  });

  it('corrects the load in force while no rep has started under it', () => {
    const { session, unit, runFrame, settings } = setup();
    settings.value = { ...settings.value, inertia: 0.05 };
    session.attach(unit);
    unit.emitSamples({ timeUs: [1_000, 2_000], angleDeg: [0, 0] });
    settings.value = { ...settings.value, inertia: 0.1 };
    unit.emitSamples(repSamples(100_000, 50));
    runFrame();
    expect(values(session.reps.value)).toEqual([expect.closeTo(0.55, 10)]);
    expect(session.loads.value).toEqual([{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.1, boost: 0 }]);
  });

  it('starts a new load at a boost change without processing the samples again', () => {
    const api = { ...fakeEngineApi, createEngine: vi.fn(createFakeEngine) };
    const boost = signal(0);
    const session = createLiveSession({ engine: api, settings: signal({ ...DEFAULT_ENGINE_SETTINGS, inertia: 0.05 }), boost, requestFrame: (cb) => cb(), onError: () => {} });
    session.attach(createFakeUnit());
    const unit = createFakeUnit();
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    const engines = api.createEngine.mock.calls.length;
    boost.value = 20;
    expect(api.createEngine.mock.calls.length).toBe(engines);
    expect(session.loads.value.map((span) => span.boost)).toEqual([0, 20]);
  });

  it('corrects a finished session’s last load instead of starting one', () => {
    const { session, unit, runFrame, settings } = setup();
    settings.value = { ...settings.value, inertia: 0.05 };
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    runFrame();
    session.detach();
    settings.value = { ...settings.value, inertia: 0.1 };
    expect(values(session.reps.value)).toEqual([expect.closeTo(0.99, 10)]);
    expect(session.loads.value).toHaveLength(1);
  });

  it('restores recorded loads: each rep at the plates it was done with', () => {
    const { session } = setup();
    const loads = [
      { fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 },
      { fromUs: 50_000, inertia: 0.1, boost: 10 },
    ];
    session.restore({ timeUs: Float64Array.of(5_000, 10_000, 15_000, 20_000, 105_000, 110_000, 115_000, 120_000), angleDeg: Float64Array.of(45, 90, 45, 0, 25, 50, 25, 0) }, [], loads);
    expect(values(session.reps.value)).toEqual([expect.closeTo(0.945, 10), expect.closeTo(0.55, 10)]);
    expect(session.loads.value).toEqual(loads);
  });

  it('starts over from the current load when the set is reset', () => {
    const { session, unit, runFrame, settings } = setup();
    settings.value = { ...settings.value, inertia: 0.05 };
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    runFrame();
    settings.value = { ...settings.value, inertia: 0.1 };
    session.reset();
    expect(session.loads.value).toEqual([{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.1, boost: 0 }]);
  });
});

describe('a live session across breaks', () => {
  it('shows the rep closed at a link drop at once and numbers the reps after the drop on', () => {
    const { session, unit, runFrame } = setup();
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    unit.emitSamples({ timeUs: [30_000, 35_000], angleDeg: [40, 60] });
    runFrame();
    session.interrupt();
    expect(values(session.reps.value)).toEqual([0.9, 0.6]);
    unit.emitSamples(repSamples(3_000_000, 50));
    runFrame();
    expect(session.reps.value.map((r) => [r.index, r.count])).toEqual([[0, 0], [1, 1], [2, 2]]);
    expect(session.gaps()).toEqual([{ fromUs: 35_000, toUs: 3_005_000 }]);
  });

  it('does not join the movement before a drop to the one after it into a rep', () => {
    const { session, unit, runFrame } = setup();
    session.attach(unit);
    // Rising to 60° when the link drops mid-rep (the stand-in closes a rep only at 0°)…
    unit.emitSamples({ timeUs: [5_000, 10_000], angleDeg: [30, 60] });
    session.interrupt();
    // …and back after the drop at 0°: one engine over both would close a 60° rep here.
    unit.emitSamples({ timeUs: [3_000_000, 3_005_000], angleDeg: [20, 0] });
    runFrame();
    expect(values(session.reps.value)).toEqual([0.6, 0.2]);
  });

  it('breaks the set where the unit clock jumped, like a link drop: the rep in progress is not stitched', () => {
    const { session, unit, runFrame } = setup();
    const heard: string[] = [];
    session.onRecorded({ gap: (g) => heard.push(`gap ${g.fromUs}-${g.toUs}`), samples: (s) => heard.push(`samples ${s.timeUs.length}`) });
    session.attach(unit);
    unit.emitSamples({ timeUs: [5_000, 10_000], angleDeg: [30, 60] });
    unit.emitSamples({ timeUs: [1_010_000, 1_015_000], angleDeg: [20, 0], afterBreak: true });
    unit.emitSamples(repSamples(1_015_000, 80));
    runFrame();
    expect(values(session.reps.value)).toEqual([0.6, 0.2, 0.8]);
    expect(session.gaps()).toEqual([{ fromUs: 10_000, toUs: 1_010_000 }]);
    expect(heard).toEqual(['samples 2', 'gap 10000-1010000', 'samples 2', 'samples 4']);
  });

  it('tells recorders about the gap before the samples that close it, with times on the session axis', () => {
    const { session, unit } = setup();
    const heard: string[] = [];
    session.onRecorded({ gap: (g) => heard.push(`gap ${g.fromUs}-${g.toUs}`), samples: (s) => heard.push(`samples ${s.timeUs.join(',')}`) });
    session.restore({ timeUs: Float64Array.of(1_000, 2_000), angleDeg: Float64Array.of(0, 0) });
    session.attach(unit, { continueSession: true });
    unit.emitSamples({ timeUs: [10, 20], angleDeg: [1, 2] });
    expect(heard).toEqual(['gap 2000-1002000', 'samples 1002000,1002010']);
  });

  it('carries a restored session on over a new connection: reps kept, numbering continued', () => {
    const { session, unit, runFrame } = setup();
    session.restore({ timeUs: Float64Array.of(5_000, 10_000, 15_000, 20_000), angleDeg: Float64Array.of(45, 90, 45, 0) });
    session.attach(unit, { continueSession: true });
    expect(values(session.reps.value)).toEqual([0.9]);
    unit.emitSamples(repSamples(0, 70));
    runFrame();
    expect(session.reps.value.map((r) => [r.index, values([r])[0]])).toEqual([[0, 0.9], [1, 0.7]]);
    expect(session.raw().timeUs).toHaveLength(8);
  });

  it('keeps the segments when a setting reprocesses the session', () => {
    const { session, unit, runFrame, settings } = setup();
    session.attach(unit);
    unit.emitSamples({ timeUs: [5_000, 10_000], angleDeg: [30, 60] });
    session.interrupt();
    unit.emitSamples({ timeUs: [3_000_000, 3_005_000], angleDeg: [20, 0] });
    runFrame();
    settings.value = { ...settings.value, inertia: 1 };
    expect(values(session.reps.value)).toEqual([1.2, 0.4]);
  });

  it('restores recorded gaps as segment breaks', () => {
    const { session } = setup();
    session.restore({ timeUs: Float64Array.of(5_000, 10_000, 3_000_000, 3_005_000), angleDeg: Float64Array.of(30, 60, 20, 0) }, [
      { fromUs: 10_000, toUs: 3_000_000 },
    ]);
    expect(values(session.reps.value)).toEqual([0.6, 0.2]);
    expect(session.gaps()).toEqual([{ fromUs: 10_000, toUs: 3_000_000 }]);
  });
});

