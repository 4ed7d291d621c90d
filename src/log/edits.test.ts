/**
 * Giving a phone's own athletes' sets to its team athlete (`reassignedSets`): spans and sets'
 * records alike, others' left as they were, sets taken out kept nobody's, and the edit stamped
 * only where it changed something (`editSession`).
 */
import { describe, expect, it } from 'vitest';
import { session, stamp } from '../../server/test/fixtures';
import { editSession, reassignedSets } from './edits';
import type { SessionRecord } from './records';

const turns = [
  { athleteId: 'athlete-1', fromUs: 0, velocities: [0.9, 0.85] },
  { athleteId: 'ben', fromUs: 30_000_000, velocities: [0.7] },
  { athleteId: 'ana-local', fromUs: 60_000_000, velocities: [0.8] },
];
const own = new Set(['athlete-1', 'ana-local']);
const whose = (r: SessionRecord | null) => r && { tags: r.settings.tags!.map((t) => t.athleteId), sets: r.sets!.map((s) => s.athleteId) };
const removing = (r: SessionRecord, athleteId: string): SessionRecord => ({ ...r, removedAthletes: { [athleteId]: stamp(5) } });

describe('reassignedSets', () => {
  it.each([
    ['gives every span and set of the athletes named to the other, and leaves the rest', session('s', turns), { tags: ['ana', 'ben', 'ana'], sets: ['ana', 'ben', 'ana'] }],
    ['leaves the sets of an athlete taken out of the session nobody’s', removing(session('s', turns), 'athlete-1'), { tags: ['athlete-1', 'ben', 'ana'], sets: ['athlete-1', 'ben', 'ana'] }],
    ['leaves a session alone that holds none of their sets', session('s', [turns[1]!]), null],
    ['leaves a session alone that the athlete given to was taken out of', removing(session('s', turns), 'ana'), null],
  ])('%s', (_, record, expected) => {
    expect(whose(reassignedSets(record, own, 'ana'))).toEqual(expected);
  });

  it('keeps every figure, and the edit stamps the tags and sets only', () => {
    const before = session('s', turns);
    const after = editSession(before, reassignedSets(before, own, 'ana')!, stamp(9, 'phone'));
    expect(after.sets!.map((s) => s.velocities)).toEqual(before.sets!.map((s) => s.velocities));
    expect(after.settings.tags!.map((t) => [t.fromUs, t.mass, t.radius])).toEqual(before.settings.tags!.map((t) => [t.fromUs, t.mass, t.radius]));
    expect(after.stamps).toEqual({ recording: before.stamps!.recording, tags: stamp(9, 'phone'), sets: stamp(9, 'phone') });
  });
});
