import { describe, expect, it } from 'vitest';
import { encode } from '../log/codec';
import { firstMissing, inRuns, pulledEntry, serverError } from './wire';

describe('the wire', () => {
  it('finds the first chunk number the server lacks, and whether it holds one', () => {
    expect(firstMissing([])).toBe(0);
    expect(firstMissing([[0, 99]])).toBe(100);
    expect(firstMissing([[1, 5]])).toBe(0);
    expect(firstMissing([[5, 9], [0, 4], [11, 12]])).toBe(10);
    expect(inRuns(7, [[0, 3], [6, 9]])).toBe(true);
    expect(inRuns(4, [[0, 3], [6, 9]])).toBe(false);
  });

  it('reads a pulled chunk back bit for bit, and refuses a record it could not read back with the parser’s reason', () => {
    const timeUs = Float64Array.of(0, 5000, -0);
    const angleDeg = Float64Array.of(1.5, Number.NaN, Number.NEGATIVE_INFINITY);
    const entry = pulledEntry({ kind: 'chunk', record: encode({ sessionId: 's', seq: 3, timeUs, angleDeg }) });
    expect(entry.kind).toBe('chunk');
    const back = entry.record as { timeUs: Float64Array; angleDeg: Float64Array };
    expect(new Uint8Array(back.timeUs.buffer)).toEqual(new Uint8Array(timeUs.buffer));
    expect(new Uint8Array(back.angleDeg.buffer)).toEqual(new Uint8Array(angleDeg.buffer));
    expect(() => pulledEntry({ kind: 'chunk', record: { sessionId: 's', seq: -1, timeUs: [], angleDeg: [] } })).toThrow(/whole number from 0/);
    expect(() => pulledEntry({ kind: 'planet', record: {} })).toThrow(/unknown kind "planet"/);
  });

  it('says what a reply other than 2xx means in the server’s own sentence, or by its status', () => {
    expect(serverError(413, { statusCode: 413, error: 'Payload Too Large', reason: 'too-large', message: 'The body is over 8 MiB.' })).toMatchObject({ status: 413, reason: 'too-large', message: 'The body is over 8 MiB.' });
    expect(serverError(502, null)).toMatchObject({ reason: 'http-502', message: 'The team server answered 502 (a fault on the server).' });
  });
});
