import { describe, expect, it } from 'vitest';
import { createManualScheduler } from './scheduler';

describe('the manual scheduler', () => {
  it('runs timers in time order as the clock is advanced, with the clock at each due time', () => {
    const s = createManualScheduler(100);
    const seen: string[] = [];
    s.every(25, () => seen.push(`tick@${s.now()}`));
    s.after(60, () => seen.push(`once@${s.now()}`));
    s.advance(80);
    expect(seen).toEqual(['tick@125', 'tick@150', 'once@160', 'tick@175']);
    expect(s.now()).toBe(180);
  });

  it('stops a timer that was cancelled', () => {
    const s = createManualScheduler();
    let ticks = 0;
    const cancel = s.every(10, () => ticks++);
    s.advance(30);
    cancel();
    s.advance(30);
    expect(ticks).toBe(3);
    expect(s.pending).toBe(0);
  });

  it('refuses negative delays and empty intervals', () => {
    const s = createManualScheduler();
    expect(() => s.after(-1, () => undefined)).toThrow(RangeError);
    expect(() => s.every(0, () => undefined)).toThrow(RangeError);
    expect(() => s.advance(-5)).toThrow(RangeError);
  });
});
