// @vitest-environment happy-dom
/**
 * Today's order through the whole app (team, live session, real engine, journal), with the
 * samples arriving faster than the screen draws: a set ends at its goal, and the reps the athlete
 * pulls on after it are nobody's until the rope rests and the next athlete comes up (issue 31,
 * point 4): no empty set of the next athlete's, no rep of the first athlete's beyond the goal; the
 * finished session keeps one set of each, and each athlete's History and Team row count theirs.
 */
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/compose/compose';
import { composeTestApp } from '../../src/compose/testing/testApp';
import { synthesizeSet } from '../../src/device';
import { createFakeUnit } from '../../src/device/testing/fakeUnit';
import { athleteSets } from '../../src/rules/athleteSets';
import { NOBODY } from '../../src/rules/setOver';
import { taggedSets } from '../../src/rules/setTags';
import { teamRows } from '../../src/rules/teamView';

let app: App;
afterEach(async () => {
  await act(() => app.link.disconnect());
  app.dispose();
});

/** `reps` pulls of the Demo unit's physics from `after`, then `restS` of rope at rest. */
function pulls(reps: number, seed: number, restS: number, after: { startTimeUs?: number; startAngleDeg?: number } = {}) {
  return synthesizeSet({ reps, seed, inertia: 0.05, restAfterS: restS, restBeforeS: 1, ...after });
}

describe('a set over at its goal', () => {
  it('leaves the reps pulled after the goal to nobody, then brings the next athlete up once the rope rests', async () => {
    app = composeTestApp();
    await app.startBackground();
    const team = app.team.value!;
    const { settings } = app.stores;
    const ana = team.addAthlete('Ana', 61);
    team.switchTo(ana.id);
    settings.update({ repGoal: 4, warmup: 1, plates: [0, 1, 0, 0, 0] });
    const ben = team.addAthlete('Ben', 92);
    team.switchTo(ben.id);
    settings.update({ repGoal: 4, warmup: 1, plates: [0, 1, 0, 0, 0] });
    team.planToday([ana.id, ben.id]);
    const unit = createFakeUnit('bluetooth');
    await act(() => app.link.connect(unit));

    // Ana: her warmup, four reps to her goal, and two more she pulls on with; then 2 s of rest.
    // All of it arrives before the screen draws once.
    const anas = pulls(7, 61, 2);
    act(() => {
      for (let i = 0; i < anas.timeUs.length; i += 50) unit.emitSamples({ timeUs: anas.timeUs.slice(i, i + 50), angleDeg: anas.angleDeg.slice(i, i + 50) });
    });
    await waitFor(() => expect(team.store.athleteId.peek()).toBe(ben.id));
    expect(app.session.reps.peek()).toHaveLength(7);
    // Ben is up and has not pulled: the set in progress is his, empty; Ana's stays on screen.
    expect(app.view.peek().rows).toEqual([]);
    expect(team.shown.peek().of).toBe(ana.id);
    expect(team.shown.peek().view.counted).toBe(4);

    // Ben: his warmup and four reps, then rest.
    const bens = pulls(5, 62, 2, { startTimeUs: anas.timeUs.at(-1)! + 5000, startAngleDeg: anas.endAngleDeg });
    act(() => {
      for (let i = 0; i < bens.timeUs.length; i += 50) unit.emitSamples({ timeUs: bens.timeUs.slice(i, i + 50), angleDeg: bens.angleDeg.slice(i, i + 50) });
    });
    await waitFor(() => expect(team.store.athleteId.peek()).toBe(ana.id));

    const s = settings.current.peek();
    const how = { restS: s.setRestS, loads: app.session.loads.peek(), tags: app.session.tags.peek(), warmup: s.warmup, metric: s.metric, phase: s.phase };
    const reps = app.session.reps.peek();
    expect(reps).toHaveLength(12);
    expect(athleteSets(reps, how).map((set) => [set.athleteId, set.number, set.summary.counted])).toEqual([
      [ana.id, 1, 4],
      [ben.id, 1, 4],
    ]);
    expect(taggedSets(reps, how).map((set) => [set.athleteId, set.reps.length])).toEqual([
      [ana.id, 5],
      [NOBODY, 2],
      [ben.id, 5],
    ]);

    // The finished session: one set of each in the History, and each athlete's Team row.
    await act(() => app.link.disconnect());
    await waitFor(async () => expect(await app.journal.value!.history()).toHaveLength(1));
    const [entry] = await app.journal.value!.summaries();
    expect(entry!.sets.map((set) => [set.athleteId, set.counted])).toEqual([
      [ana.id, 4],
      [ben.id, 4],
    ]);
    expect(entry!.reps).toBe(8);
    const rows = teamRows(team.store.roster.peek(), [{ id: entry!.id, startedAt: entry!.startedAt, sets: entry!.sets }]);
    expect(rows.filter((r) => r.name !== 'Athlete 1').map((r) => [r.name, r.last?.best !== undefined])).toEqual([
      ['Ana', true],
      ['Ben', true],
    ]);
  });
});
