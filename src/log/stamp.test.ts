import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEditClock, isStamp, legacyStamp, makeStamp, parseStamp } from './stamp';

const HOUR = 3_600_000;

describe('edit stamps', () => {
  it('compare as text in the order their clock readings compare', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 0, max: 999_999 }), (m1, c1, m2, c2) => {
        const [a, b] = [makeStamp({ ms: m1, count: c1 }, 'x'), makeStamp({ ms: m2, count: c2 }, 'x')];
        expect(Math.sign(a.localeCompare(b, 'en'))).toBe(a < b ? -1 : a > b ? 1 : 0);
        expect(a < b).toBe(m1 < m2 || (m1 === m2 && c1 < c2));
      }),
    );
  });

  it('read back as the reading and device they were made of', () => {
    const stamp = makeStamp({ ms: 1_795_817_619_677, count: 3 }, 'b7e1-4c');
    expect(stamp).toBe('001795817619677-000003-b7e1-4c');
    expect(parseStamp(stamp)).toEqual({ ms: 1_795_817_619_677, count: 3, node: 'b7e1-4c' });
    expect(isStamp(stamp)).toBe(true);
    expect(() => parseStamp('yesterday')).toThrow('yesterday is not an edit stamp');
  });

  it('give records kept before stamps their last change, earlier than any device’s edit at that time', () => {
    expect(legacyStamp(5) < makeStamp({ ms: 5, count: 0 }, 'a')).toBe(true);
    expect(legacyStamp(5) > makeStamp({ ms: 4, count: 9 }, 'a')).toBe(true);
  });
});

describe('an edit clock', () => {
  it('never gives a stamp earlier than one it gave, even when the wall clock goes back', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 2, maxLength: 40 }), (walls) => {
        let i = 0;
        const clock = createEditClock({ node: 'd', now: () => walls[i++ % walls.length]! });
        const stamps = walls.map(() => clock.next());
        expect([...stamps].sort()).toEqual(stamps);
        expect(new Set(stamps).size).toBe(stamps.length);
      }),
    );
  });

  it('stamps an edit made after seeing another device’s later than it, however far behind its own clock is', () => {
    const behind = createEditClock({ node: 'phone', now: () => 1_000_000 - HOUR });
    const seen = makeStamp({ ms: 1_000_000, count: 4 }, 'tablet');
    behind.observe(seen);
    expect(behind.next() > seen).toBe(true);
  });

  it('reads the server’s time through the offset, so a clock an hour ahead does not win over a later edit', () => {
    const server = { now: 10 * HOUR };
    const ahead = createEditClock({ node: 'phone', now: () => server.now + HOUR, offsetMs: () => -HOUR });
    const right = createEditClock({ node: 'tablet', now: () => server.now });
    const early = ahead.next();
    server.now += 60_000;
    const later = right.next();
    expect(later > early).toBe(true);
  });

  it('carries on from where it stood when the device last stopped', () => {
    const first = createEditClock({ node: 'd', now: () => 100 });
    first.next();
    first.next();
    const again = createEditClock({ node: 'd', now: () => 50, from: first.reading() });
    expect(again.next()).toBe(makeStamp({ ms: 100, count: 2 }, 'd'));
  });

  it('needs the id of its device', () => {
    expect(() => createEditClock({ node: '', now: () => 0 })).toThrow('an edit clock needs the id of its device');
  });
});
