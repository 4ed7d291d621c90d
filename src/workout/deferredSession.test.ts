import { signal } from '@preact/signals-react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { createFakeUnit } from '../device/testing/fakeUnit';
import { createLiveSession, type LiveSession } from './liveSession';
import { deferredSession } from './deferredSession';
import { fakeEngineApi, repSamples } from './testing/fakeEngine';

const real = (): LiveSession => createLiveSession({ engine: fakeEngineApi, settings: signal({ ...DEFAULT_ENGINE_SETTINGS }), requestFrame: (cb) => cb(), onError: () => {} });

describe('the live session before its code is in', () => {
  it('shows an empty set, then the real session’s, and passes on the listeners it was given', async () => {
    const session = deferredSession(async () => real());
    const heard = vi.fn();
    session.onLiveReps(heard);
    expect([session.reps.value, session.turn.value, session.live.value, session.loads.value, session.raw().timeUs.length]).toEqual([[], null, false, [], 0]);
    session.interrupt();
    session.reset();
    await session.load();
    const unit = createFakeUnit();
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    expect(session.reps.value.map((r) => r.concentric.velocity)).toEqual([0.9]);
    expect(heard).toHaveBeenCalledOnce();
    expect(session.live.value).toBe(true);
  });

  it('takes a listener off whether it was taken off before or after the load', async () => {
    const session = deferredSession(async () => real());
    const early = vi.fn();
    const late = vi.fn();
    session.onLiveReps(early)();
    const offLate = session.onRecorded({ gap: late, samples: late });
    await session.load();
    offLate();
    const unit = createFakeUnit();
    session.attach(unit);
    unit.emitSamples(repSamples(0, 90));
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });

  it('says what is wrong when a unit is attached before the load', () => {
    const session = deferredSession(async () => real());
    expect(() => session.attach(createFakeUnit())).toThrow('The live session is still loading; attach a unit once it has');
  });

  it('disposes a session that arrives after the app was disposed', async () => {
    const made = real();
    const dispose = vi.spyOn(made, 'dispose');
    const session = deferredSession(async () => made);
    session.dispose();
    await session.load();
    expect(dispose).toHaveBeenCalledOnce();
    expect(session.reps.value).toEqual([]);
  });
});
