/**
 * The journal's `retime` edit (docs/sync.md §8): stamps the team server refused as ahead of its
 * clock replaced by their re-timed ones, wherever the record still carries them, values unchanged,
 * and the record marked to push again; a register edited since keeps its own stamp.
 */
import { describe, expect, it } from 'vitest';
import { createEditClock, makeStamp } from '../log/stamp';
import { createAthlete } from '../rules/athletes';
import { freshStore } from './testKit';

describe('re-timing edits in the journal', () => {
  it('replaces the old stamps the record still carries, keeps its values and later edits, and marks it to push', async () => {
    let now = Date.UTC(2026, 0, 5, 11, 0, 0);
    const store = await freshStore(createEditClock({ node: 'phone', now: () => now }));
    const ana = createAthlete({ name: 'Ana', bodyMass: 61 }, { id: 'ana', now });
    await store.write([{ kind: 'athlete', record: ana }]);
    const ahead = makeStamp({ ms: now, count: 0 }, 'phone');
    expect(new Set(Object.values((await store.athletes()).find((a) => a.id === 'ana')!.stamps!))).toEqual(new Set([ahead]));
    now += 1000;
    await store.write([{ kind: 'athlete', record: { ...ana, name: 'Ana B.' } }]);
    const renamed = makeStamp({ ms: now, count: 0 }, 'phone');
    const mark = await store.lastChange();

    const earlier = makeStamp({ ms: now - 3_600_000, count: 0 }, 'phone');
    await store.write([{ kind: 'retime', records: [{ kind: 'athlete', id: 'ana' }], stamps: { [ahead]: earlier } }]);
    const kept = (await store.athletes()).find((a) => a.id === 'ana')!;
    expect(kept).toMatchObject({ name: 'Ana B.', bodyMass: 61, stamps: { name: renamed, bodyMass: earlier, archived: earlier, 'settings.metric': earlier } });
    expect(Object.values(kept.stamps!)).not.toContain(ahead);
    expect((await store.changesAfter(mark)).map((c) => c.entry.kind)).toEqual(['athlete']);
    expect(await store.changesWaiting(mark)).toBe(1);

    // A stamp no longer there changes nothing, and marks nothing.
    const again = await store.lastChange();
    await store.write([{ kind: 'retime', records: [{ kind: 'athlete', id: 'ana' }, { kind: 'session', id: 'none' }], stamps: { [ahead]: renamed } }]);
    expect(await store.changesWaiting(again)).toBe(0);
  });
});
