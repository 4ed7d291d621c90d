import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { migrate, readMigrations, statements } from '../src/db/migrate';
import { migrationsDir } from '../src/db/open';
import { packSamples, unpackSamples } from '../src/team/samplePack';
import { testDatabase } from './harness';

const bits = (values: Float64Array) => Array.from(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));

describe('packed samples', () => {
  it('come back bit for bit, whatever the doubles (NaN payloads, −0, infinities, subnormals)', () => {
    const anyDouble = fc.uint8Array({ minLength: 8, maxLength: 8 }).map((b) => new Float64Array(b.buffer)[0]!);
    fc.assert(
      fc.property(fc.array(fc.tuple(anyDouble, anyDouble), { maxLength: 300 }), (pairs) => {
        const timeUs = new Float64Array(pairs.length);
        const angleDeg = new Float64Array(pairs.length);
        // Written through bytes, so that a NaN's payload reaches the array as generated.
        pairs.forEach(([t, a], i) => {
          new DataView(timeUs.buffer).setFloat64(8 * i, t, true);
          new DataView(angleDeg.buffer).setFloat64(8 * i, a, true);
        });
        const back = unpackSamples(packSamples(timeUs, angleDeg));
        expect(bits(back.timeUs)).toEqual(bits(timeUs));
        expect(bits(back.angleDeg)).toEqual(bits(angleDeg));
      }),
    );
    const nan = new Float64Array(new BigUint64Array([0x7ff8_0000_dead_beefn]).buffer);
    expect(bits(unpackSamples(packSamples(nan, nan)).angleDeg)).toEqual(bits(nan));
  });

  it('take far less room than 16 bytes a sample for a second of a real pull at 200 Hz', () => {
    const timeUs = Float64Array.from({ length: 200 }, (_, i) => 1_000_000 + i * 5000 + ((i * 7919) % 13) - 6);
    const angleDeg = Float64Array.from(timeUs, (t) => Math.round(1e4 * (90 + 85 * Math.sin(t / 4e5))) / 1e4);
    const packed = packSamples(timeUs, angleDeg);
    expect(packed.length).toBeLessThan(0.75 * 16 * 200);
    expect(() => unpackSamples(new Uint8Array([9, 1, 2]))).toThrow('stored samples of format 9, not 1');
    expect(() => packSamples(new Float64Array(2), new Float64Array(3))).toThrow('got 2 times and 3 angles');
  });
});

describe('migrations', () => {
  let db: Database;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('run once: a second start runs none, and the tables are there', async () => {
    expect(await migrate(db, readMigrations(migrationsDir()))).toEqual([]);
    const tables = await db.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public' order by 1");
    expect(tables.map((t) => t.table_name)).toEqual(['athletes', 'chunks', 'devices', 'exercises', 'gaps', 'join_codes', 'orders', 'schema_migrations', 'sessions', 'teams']);
  });

  it('are split into statements at the semicolons that end a line, comments left out', () => {
    expect(statements('-- a table;\ncreate table a (x int); -- done\ncreate table b (\n  y text -- why;\n);\n')).toEqual(['create table a (x int)', 'create table b (\n  y text \n)']);
  });
});
