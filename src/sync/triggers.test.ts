import { signal } from '@preact/signals-react';
import { describe, expect, it } from 'vitest';
import { manualTimers } from './testing/syncDevice';
import { watchSetsEnding } from './triggers';

function watching() {
  const reps = signal<readonly unknown[]>([]);
  const setDone = signal(false);
  const connected = signal(true);
  const timers = manualTimers();
  let ended = 0;
  const stop = watchSetsEnding({ reps, setDone, connected, restMs: () => 20_000, after: timers.after }, () => ended++);
  return { reps, setDone, connected, timers, stop, ended: () => ended };
}

describe('the end of a set or a session, for a sync', () => {
  it('comes a second after the set rest has passed since the last rep, once per set', () => {
    const w = watching();
    w.reps.value = [1];
    w.reps.value = [1, 2];
    expect(w.timers.pending).toEqual([21_000]);
    w.timers.fireAll();
    expect(w.ended()).toBe(1);
    w.reps.value = [];
    expect(w.timers.pending).toEqual([]);
  });

  it('comes when the set is done and when the unit disconnects, and not after the watch stops', () => {
    const w = watching();
    w.setDone.value = true;
    w.setDone.value = true;
    expect(w.ended()).toBe(1);
    w.connected.value = false;
    expect(w.ended()).toBe(2);
    w.stop();
    w.connected.value = true;
    w.connected.value = false;
    w.reps.value = [1];
    expect([w.ended(), w.timers.pending]).toEqual([2, []]);
  });
});
