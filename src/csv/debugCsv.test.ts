import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SampleBatch } from '../engine/types';
import { buildDebugCsv, DEBUG_COLUMNS } from './debugCsv';
import { blobChunks, stringChunks, type ByteChunks } from './debugImport/byteChunks';
import { DebugCsvError } from './debugImport/debugCsvError';
import { joinPieces } from './debugImport/debugRecording';
import { parseDebugCsv, readDebugCsvPieces } from './debugImport/parseDebugCsv';
import { debugCsvColumns, PIECE_SAMPLES } from '../engine/debugCsvReader';

const HEADER = '#, Angle, Time (µs), Angular Velocity (rad/s), Angular Acceleration (rad/s²)';

/** Half a yo-yo stroke: the rope winds 180° out and back in 1 s, sampled every 5 ms from t = 1 ms. */
function strokeBatch(n = 201): SampleBatch {
  const timeUs = new Float64Array(n);
  const angleDeg = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    timeUs[i] = 1000 + 5000 * i;
    angleDeg[i] = 90 * (1 - Math.cos((2 * Math.PI * (timeUs[i]! - 1000)) / 1e6));
  }
  return { timeUs, angleDeg };
}

/** The samples of a debug CSV. */
const samplesOf = async (input: Blob | string) => (await parseDebugCsv(input)).samples;

/** `text`'s bytes cut at `cuts` (byte offsets, in order). */
function cutAt(text: string, cuts: readonly number[]): ByteChunks {
  const bytes = new TextEncoder().encode(text);
  const ends = [...cuts, bytes.length];
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let from = 0;
    for (const to of ends) {
      yield bytes.slice(from, to);
      from = to;
    }
  }
  return { size: bytes.length, chunks: chunks() };
}

async function rejection(input: string): Promise<DebugCsvError> {
  const error = await parseDebugCsv(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DebugCsvError);
  return error as DebugCsvError;
}

describe('buildDebugCsv', () => {
  it('writes the header the engine’s reader expects', () => {
    expect(debugCsvColumns()).toEqual([...DEBUG_COLUMNS]);
  });

  it('writes the documented header, then one row per sample numbered from 1', () => {
    const csv = buildDebugCsv({ timeUs: new Float64Array([1000, 6000]), angleDeg: new Float64Array([0, -1.5]) });
    expect(csv).toBe(`${HEADER}\r\n1,0,1000,,\r\n2,-1.5,6000,,\r\n`);
  });

  it('writes the unit’s angular velocity and acceleration when the batch has them', () => {
    const csv = buildDebugCsv({
      timeUs: new Float64Array([10]),
      angleDeg: new Float64Array([2]),
      angularVelocity: new Float64Array([-0.25]),
      angularAcceleration: new Float64Array([3]),
    });
    expect(csv.split('\r\n')[1]).toBe('1,2,10,-0.25,3');
  });

  it('refuses what the importer would refuse: no samples, time not increasing, NaN, uneven columns', () => {
    expect(() => buildDebugCsv({ timeUs: new Float64Array(), angleDeg: new Float64Array() })).toThrow(/no samples/);
    expect(() => buildDebugCsv({ timeUs: new Float64Array([5, 5]), angleDeg: new Float64Array([0, 1]) })).toThrow(
      'Debug CSV: sample 2 has time 5 µs, not after sample 1 (5 µs)',
    );
    expect(() => buildDebugCsv({ timeUs: new Float64Array([5]), angleDeg: new Float64Array([NaN]) })).toThrow(/sample 1 has Angle = NaN/);
    expect(() => buildDebugCsv({ timeUs: new Float64Array([5]), angleDeg: new Float64Array([1, 2]) })).toThrow(/1 times but 2 angles/);
  });
});

describe('debug CSV round trip', () => {
  it('gives back the very samples that were exported', async () => {
    const batch = strokeBatch();
    expect(await samplesOf(buildDebugCsv(batch))).toEqual(batch);
  });

  it('gives back any finite samples with increasing time, with or without the unit’s ω and α', async () => {
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }).map((x) => (x === 0 ? 0 : x));
    const batches = fc
      .array(fc.tuple(fc.double({ min: 1e-3, max: 1e6, noNaN: true }), finite, finite, finite), { minLength: 1, maxLength: 40 })
      .chain((rows) => fc.tuple(fc.constant(rows), fc.boolean(), fc.boolean()))
      .map(([rows, withOmega, withAlpha]) => {
        let t = 0;
        const batch: SampleBatch = {
          timeUs: Float64Array.from(rows, ([dt]) => (t += dt)),
          angleDeg: Float64Array.from(rows, ([, angle]) => angle),
        };
        if (withOmega) batch.angularVelocity = Float64Array.from(rows, ([, , w]) => w);
        if (withAlpha) batch.angularAcceleration = Float64Array.from(rows, ([, , , a]) => a);
        return batch;
      })
      .filter((b) => b.timeUs.every((x, i) => i === 0 || x > b.timeUs[i - 1]!));
    await fc.assert(
      fc.asyncProperty(batches, async (batch) => {
        expect(await samplesOf(buildDebugCsv(batch))).toEqual(batch);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same samples wherever the bytes are cut into pieces, whether its lines end in CRLF, LF or CR alone', async () => {
    const expected = strokeBatch(30);
    const texts = fc.constantFrom('\r\n', '\n', '\r').map((eol) => buildDebugCsv(expected).replaceAll('\r\n', eol));
    const size = (text: string) => new TextEncoder().encode(text).length;
    await fc.assert(
      fc.asyncProperty(texts.chain((csv) => fc.tuple(fc.constant(csv), fc.uniqueArray(fc.integer({ min: 1, max: size(csv) - 1 }), { maxLength: 12 }))), async ([csv, cuts]) => {
        const { pieces } = await readDebugCsvPieces(cutAt(csv, [...cuts].sort((a, b) => a - b)));
        expect(joinPieces(pieces)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('reads a large File in pieces and reports rising progress up to 1', async () => {
    const batch = strokeBatch(50_000);
    const csv = buildDebugCsv(batch);
    const file = new File([csv], 'Repline-1-debug.csv', { type: 'text/csv' });
    const progress: number[] = [];
    expect((await parseDebugCsv(file, (f) => progress.push(f))).samples).toEqual(batch);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});

describe('readDebugCsvPieces', () => {
  it('hands the samples over in pieces aligned across the columns, about 32 Ki samples each, that join into the whole', async () => {
    const n = 5 * PIECE_SAMPLES + 100;
    const strokes = strokeBatch(n);
    const batch = { ...strokes, angularVelocity: strokes.angleDeg.map((a) => a / 2), angularAcceleration: strokes.angleDeg.map((a) => a - 90) };
    const { pieces, dropped, stepUs } = await readDebugCsvPieces(blobChunks(new Blob([buildDebugCsv(batch)])));
    for (const p of pieces) expect([p.angleDeg.length, p.angularVelocity!.length, p.angularAcceleration!.length]).toEqual([1, 1, 1].map(() => p.timeUs.length));
    // Taken once a piece of the file has made them more than PIECE_SAMPLES: never two pieces' worth.
    expect(Math.max(...pieces.map((p) => p.timeUs.length))).toBeLessThan(2 * PIECE_SAMPLES);
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    expect(joinPieces(pieces)).toEqual(batch);
    expect([dropped, stepUs]).toEqual([{ rows: 0, firstRow: null }, 5000]);
  });

  it('reads the same from a string, a Blob’s stream and a Blob without one, in slices', async () => {
    const csv = buildDebugCsv(strokeBatch(500));
    const read = async (bytes: ByteChunks) => joinPieces((await readDebugCsvPieces(bytes)).pieces);
    const expected = await read(stringChunks(csv, 100));
    const unstreamed = Object.assign(new Blob([csv]), { stream: undefined }) as unknown as Blob;
    expect(await read(blobChunks(new Blob([csv])))).toEqual(expected);
    expect(await read(blobChunks(unstreamed, 7))).toEqual(expected);
  });
});

describe('parseDebugCsv accepts', () => {
  it('the header without spaces after the commas, CRLF, LF or CR alone, a byte-order mark, blank lines and padded numbers', async () => {
    const expected = { timeUs: new Float64Array([100, 200]), angleDeg: new Float64Array([1.5, -2]) };
    const compact = HEADER.replaceAll(', ', ',');
    for (const text of [
      `${compact}\n1,1.5,100,,\n2,-2,200,,\n`,
      `\uFEFF${HEADER}\r\n1, 1.5, 100, , \r\n\r\n2, -2, 200, ,\r\n\r\n`,
      `${HEADER}\n7,1.5,100,,\n9,-2,200,,`,
      `${HEADER}\r1,1.5,100,,\r\r2,-2,200,,\r`,
      `"#","Angle","Time (µs)","Angular Velocity (rad/s)","Angular Acceleration (rad/s²)"\n"1","1.5","100","",""\n2," -2",200,,\n`,
    ]) {
      expect(await samplesOf(text)).toEqual(expected);
    }
  });

  it('rows whose time is not after the row before, dropping them with a count and the first row', async () => {
    const text = `${HEADER}\n1,0,100,,\n2,1,200,,\n2,1,200,,\n3,2,400,,\n4,3,300,,\n5,4,500,,\n6,5,500,,\n7,6,600,,\n`;
    const { samples, dropped, stepUs } = await parseDebugCsv(text);
    expect([...samples.timeUs]).toEqual([100, 200, 300, 500, 600]);
    expect([...samples.angleDeg]).toEqual([0, 1, 3, 4, 6]);
    expect(dropped).toEqual({ rows: 3, firstRow: 4 });
    expect(stepUs).toBe(100);
  });
});

describe('parseDebugCsv rejects, naming row and column', () => {
  it.each([
    ['an empty file', '', /^row 1: the file is empty; expected the header "#, Angle, Time \(µs\),/],
    ['a file without header', '1,0,100,,\n2,1,200,,\n', /^row 1: missing or unexpected header: expected .*found "1,0,100,,"$/],
    ['a header with a column missing', '#,Angle,Time (µs),Angular Velocity (rad/s)\n', /^row 1: missing or unexpected header/],
    ['a header but no samples', `${HEADER}\r\n`, /^row 2: the file has a header but no samples$/],
    ['a row with four columns', `${HEADER}\n1,0,100,,\n2,1,200,\n`, /^row 3: expected 5 columns \(#, Angle, .*\), found 4$/],
    ['a non-numeric angle', `${HEADER}\n1,0,100,,\n2,abc,200,,\n`, /^row 3, column "Angle": "abc" is not a number$/],
    ['an empty time', `${HEADER}\n1,0,,,\n`, /^row 2, column "Time \(µs\)": the cell is empty; expected a number$/],
    ['a row with six columns', `${HEADER}\n1,0,100,,,\n`, /^row 2: expected 5 columns \(#, Angle, .*\), found 6$/],
    ['an infinite angle', `${HEADER}\n1,1e999,100,,\n`, /^row 2, column "Angle": "1e999" is not a number$/],
    ['a hexadecimal number', `${HEADER}\n1,0x10,100,,\n`, /^row 2, column "Angle": "0x10" is not a number$/],
    ['a binary number behind a space', `${HEADER}\n1, 0b11,100,,\n`, /^row 2, column "Angle": " 0b11" is not a number$/],
    ['a blank angle', `${HEADER}\n1,  ,100,,\n`, /^row 2, column "Angle": the cell is empty; expected a number$/],
    ['a fractional sample number', `${HEADER}\n1.5,0,100,,\n`, /^row 2, column "#": 1.5 is not a whole sample number$/],
    ['ω on some rows only', `${HEADER}\n1,0,100,0.5,\n2,1,200,,\n`, /^row 3, column "Angular Velocity \(rad\/s\)": the cell is empty, but row 2 has a value/],
    ['α appearing late', `${HEADER}\n1,0,100,,\n2,1,200,,4\n`, /^row 3, column "Angular Acceleration \(rad\/s²\)": the cell has a value, but row 2 is empty/],
    ['a quote left open', `${HEADER}\n1,"0,100,,\n`, /^row 2, column "Angle": a quote opens this cell but does not close on its line$/],
    ['a clock that restarts', `${HEADER}\n${Array.from({ length: 1200 }, (_, i) => `${i + 1},0,${i < 100 ? 1000 * (i + 1) : i},,`).join('\n')}\n`, /^row 102, column "Time \(µs\)": time 100 µs goes back before row 101's 100000 µs, and so do the 999 rows after it: the clock restarted/],
  ])('%s', async (_name, text, message) => {
    const error = await rejection(text);
    expect(error.message).toMatch(message);
  });

  it('takes a cell as a number exactly when it is a finite decimal, whatever its characters', async () => {
    const decimal = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
    const cells = fc.oneof(
      fc.string({ unit: fc.constantFrom('0', '1', '9', '+', '-', '.', 'e', 'E', 'x', 'X', 'o', 'O', 'b', 'B', ' ', '\t', 'I', 'n', '_') }),
      fc.string(),
      fc.tuple(fc.constantFrom('0x', '0X', '0b', '0o', ' 0x', '-0x', '+.', ''), fc.string({ unit: fc.constantFrom('0', '1', 'e', '.') })).map(([a, b]) => a + b),
    ).filter((c) => !/[,\r\n]/.test(c));
    await fc.assert(
      fc.asyncProperty(cells, async (cell) => {
        const accepted = await samplesOf(`${HEADER}\n1,${cell},100,,\n`).then(
          (b) => b.angleDeg[0],
          () => undefined,
        );
        const finite = decimal.test(cell) && Number.isFinite(Number(cell));
        expect(accepted).toBe(finite ? Number(cell) : undefined);
      }),
      { numRuns: 1000 },
    );
  });

  it('answers any text with samples or a DebugCsvError, never another failure', async () => {
    const tail = fc.string({ unit: fc.constantFrom('1', '0', '-', '.', 'e', ',', ' ', '\n', '\r', '"', 'x', 'µ', '\uFEFF') });
    const texts = fc.oneof(fc.string({ unit: 'binary' }), tail.map((t) => `${HEADER}\n${t}`), tail);
    await fc.assert(
      fc.asyncProperty(texts, async (text) => {
        const outcome = await samplesOf(text).then(
          (batch) => batch.timeUs.length === batch.angleDeg.length && batch.timeUs.length > 0,
          (error: unknown) => error instanceof DebugCsvError && /^row \d+(, column "[^"]+")?: /.test(error.message),
        );
        expect(outcome).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('counts blank lines when it names a row, whatever the line ends', async () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const error = await rejection(`${HEADER}${eol}1,0,100,,${eol}${eol}${eol}2,x,200,,${eol}`);
      expect([error.row, error.column]).toEqual([5, 'Angle']);
    }
  });

  it('reads every sample of a File whose lines end in CR alone, as an old Mac spreadsheet saves it', async () => {
    const batch = strokeBatch(49);
    const file = new File([buildDebugCsv(batch).replaceAll('\r\n', '\r')], 'cr.csv', { type: 'text/csv' });
    expect(await samplesOf(file)).toEqual(batch);
  });

  it('refuses a File that is not UTF-8 text', async () => {
    const file = new File([new Uint8Array([0x23, 0xff, 0xfe, 0x0a])], 'x.csv');
    await expect(parseDebugCsv(file)).rejects.toThrow(/not UTF-8 text/);
  });

  it.each([
    [[0xff, 0xfe, 0x23, 0x00], 'UTF-16 (little-endian)'],
    [[0xfe, 0xff, 0x00, 0x23], 'UTF-16 (big-endian)'],
    [[0xff, 0xfe, 0x00, 0x00], 'UTF-32 (little-endian)'],
  ])('names the encoding of a file whose byte-order mark says it is not UTF-8 (%j)', async (bytes, encoding) => {
    const file = new File([new Uint8Array([...bytes, 0x2c, 0x00])], 'x.csv');
    await expect(parseDebugCsv(file)).rejects.toThrow(`the file is ${encoding} text; save it as UTF-8`);
  });

  it('reads a file whose header ends in CRLF and whose rows end in LF, or mix both', async () => {
    const header = DEBUG_COLUMNS.join(', ');
    const text = `${header}\r\n1,0,1000,,\n2,1.8,6000,,\r\n3,3.6,11000,,\n`;
    const batch = await samplesOf(new File([text], 'x.csv'));
    expect([...batch.timeUs]).toEqual([1000, 6000, 11000]);
    expect([...batch.angleDeg]).toEqual([0, 1.8, 3.6]);
  });

  it('refuses a file whose first line never ends', async () => {
    const error = await rejection('x'.repeat((1 << 20) + 10));
    expect(error.message).toBe('row 1: the line is longer than 1 MiB; this is not a debug CSV');
  });
});
