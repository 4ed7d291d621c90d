import { describe, expect, it } from 'vitest';
import { START } from '../journal/testKit';
import type { SessionRecord } from './records';
import { makeStamp } from './stamp';
import { checkChunk, checkGap, checkOrderRecord, checkSession, checkSessionRecord, checkTombstone } from './validate';

const STAMP = makeStamp({ ms: 1_700_000_000_000, count: 0 }, 'dev');
const record: SessionRecord = { ...START, id: 's1', startedAt: 1, finishedAt: 2, modifiedAt: 2, summary: null, stamps: { recording: STAMP }, notes: [{ atUs: 5, rpe: 7, note: 'ok', stamps: { rpe: STAMP } }], removedAthletes: { ana: STAMP } };
const chunk = (seq: number, sessionId = 's1') => ({ sessionId, seq, timeUs: new Float64Array([1, 2]), angleDeg: new Float64Array([0.5, 0.25]) });

describe('a session read from outside the device', () => {
  it('is taken with its stamps, its notes’ stamps and the athletes taken out of it', () => {
    expect(checkSessionRecord(structuredClone(record))).toEqual(record);
    expect(checkSession({ record, chunks: [chunk(0), chunk(1)], gaps: [{ sessionId: 's1', seq: 0, fromUs: 3, toUs: 4 }] }).chunks).toHaveLength(2);
  });

  it('is refused, naming the session and what is wrong, when a stamp anywhere is not a stamp', () => {
    expect(() => checkSessionRecord({ ...record, stamps: { recording: 'soon' } })).toThrow('session s1: the stamp of recording is not an edit stamp: soon');
    expect(() => checkSessionRecord({ ...record, notes: [{ atUs: 5, rpe: 7, note: '', stamps: { rpe: 1 } }] })).toThrow('session s1: the stamp of rpe is not an edit stamp: 1');
    expect(() => checkSessionRecord({ ...record, removedAthletes: { ana: true } })).toThrow('session s1: the stamp of ana is not an edit stamp: true');
    expect(() => checkSessionRecord({ ...record, settings: { ...record.settings, engine: { hz: 200 } } })).toThrow(/session s1: engine setting \w+ is missing/);
    expect(() => checkSessionRecord({ ...record, notes: 'fine' })).toThrow('session s1: its notes are not a list');
  });

  it('has its chunks and gaps numbered from 0 without holes in a backup, while the wire takes any one of them alone', () => {
    expect(() => checkSession({ record, chunks: [chunk(1)], gaps: [] })).toThrow('session s1: chunk 0 is missing');
    expect(checkChunk(chunk(7), 's1').seq).toBe(7);
    expect(() => checkChunk(chunk(7, 's2'), 's1')).toThrow('session s2: chunk 7 belongs to another session than s1');
    expect(() => checkChunk({ ...chunk(1), angleDeg: new Float64Array(1) })).toThrow('session s1: chunk 1 is not pairs of times and angles');
    expect(() => checkChunk({ ...chunk(1), seq: -1 })).toThrow('its number must be a whole number from 0');
    expect(() => checkGap({ sessionId: 's1', seq: 0, fromUs: 4, toUs: 4 })).toThrow('session s1: gap 0 is not a time range');
  });

  it('is deleted by a tombstone that keeps nothing but its id, the deletion’s stamp and time', () => {
    expect(checkTombstone({ id: 's1', deleted: STAMP, modifiedAt: 3 })).toEqual({ id: 's1', deleted: STAMP, modifiedAt: 3 });
    expect(() => checkTombstone({ id: 's1', deleted: 'now', modifiedAt: 3 })).toThrow('deleted session s1: its deletion is not an edit stamp');
    expect(() => checkTombstone({ id: 's1', deleted: STAMP, modifiedAt: 3, notes: [] })).toThrow('not notes');
  });
});

describe('today’s order read from outside the device', () => {
  it('is an order or none, with the stamp of its last edit', () => {
    const order = { day: '2025-06-02', athleteIds: ['ana', 'ben'], current: 'ben' };
    expect(checkOrderRecord({ order, stamp: STAMP, modifiedAt: 1 })).toEqual({ order, stamp: STAMP, modifiedAt: 1 });
    expect(checkOrderRecord({ order: null, stamp: STAMP, modifiedAt: 1 }).order).toBeNull();
    expect(() => checkOrderRecord({ order, stamp: 'later', modifiedAt: 1 })).toThrow('its stamp is not an edit stamp');
    expect(() => checkOrderRecord({ order: { ...order, current: 'cy' }, stamp: STAMP, modifiedAt: 1 })).toThrow('whose turn it is must be one of today’s order');
    expect(() => checkOrderRecord({ order: { ...order, athleteIds: ['ana', 'ana'], current: 'ana' }, stamp: STAMP, modifiedAt: 1 })).toThrow('names an athlete twice');
    expect(() => checkOrderRecord({ order: { ...order, day: 'today' }, stamp: STAMP, modifiedAt: 1 })).toThrow('YYYY-MM-DD');
  });
});
