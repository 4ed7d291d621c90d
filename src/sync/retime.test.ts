import { describe, expect, it } from 'vitest';
import { makeStamp, parseStamp } from '../log/stamp';
import { retimedStamps } from './retime';

const HOUR = 3_600_000;
const SERVER_NOW = Date.UTC(2026, 0, 5, 10, 0, 0);
const own = new Set(['phone', 'phone-before-joining']);

describe('re-timing edits the server refused as stamped ahead of its clock', () => {
  it('moves this device’s stamps ahead of the server back by the offset, to when the edits were made, keeping their order', () => {
    const edits = [SERVER_NOW - 30 * 60_000, SERVER_NOW - 20 * 60_000, SERVER_NOW - 20 * 60_000].map((real, i) => makeStamp({ ms: real + HOUR, count: i === 2 ? 1 : 0 }, i === 0 ? 'phone-before-joining' : 'phone'));
    const map = retimedStamps({ stamps: edits, ownIds: own, offsetMs: -HOUR, serverTime: SERVER_NOW }, () => {
      throw new Error('no edit needs the clock');
    });
    expect([...map.values()].map((s) => parseStamp(s))).toEqual([
      { ms: SERVER_NOW - 30 * 60_000, count: 0, node: 'phone-before-joining' },
      { ms: SERVER_NOW - 20 * 60_000, count: 0, node: 'phone' },
      { ms: SERVER_NOW - 20 * 60_000, count: 1, node: 'phone' },
    ]);
  });

  it('leaves other devices’ stamps and stamps not ahead of the server alone', () => {
    const map = retimedStamps({ stamps: [makeStamp({ ms: SERVER_NOW + HOUR, count: 0 }, 'tablet'), makeStamp({ ms: SERVER_NOW - 5, count: 0 }, 'phone')], ownIds: own, offsetMs: -HOUR, serverTime: SERVER_NOW }, () => 'x');
    expect(map.size).toBe(0);
  });

  it('gives the restarted clock’s next stamp to an edit the offset cannot place before the server’s now (the clock moved since)', () => {
    const late = makeStamp({ ms: SERVER_NOW + 3 * HOUR, count: 0 }, 'phone');
    const next = makeStamp({ ms: SERVER_NOW, count: 4 }, 'phone');
    expect(retimedStamps({ stamps: [late, late], ownIds: own, offsetMs: -HOUR, serverTime: SERVER_NOW }, () => next)).toEqual(new Map([[late, next]]));
  });
});
