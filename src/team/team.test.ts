import { signal } from '@preact/signals-react';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../engine/types';
import { createMemoryStorage } from '../platform/storage/memoryStorage';
import { createAthlete, type Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import { DEFAULT_SETTINGS } from '../rules/settingsModel';
import { makeTurn } from '../rules/fixtures';
import { createSettingsStore } from '../stores/settings';
import { createTeamStore, TEAM_KEY } from '../stores/team';
import type { SessionRecord } from '../log/records';
import { createTeam } from './team';

const TODAY = new Date(2025, 6, 7, 9, 0);
const SQUAT = 'builtin:squat';
const ROW = 'builtin:bent-over-row';

function setup(options: { athletes?: Athlete[]; stored?: Record<string, string> } = {}) {
  const first = createAthlete({ name: 'Athlete 1', bodyMass: 85 }, { id: 'first', now: 1 });
  let roster = options.athletes ?? [first];
  const saved: Athlete[] = [];
  const storage = createMemoryStorage(options.stored);
  const settings = createSettingsStore();
  settings.update({ mass: 80, warmup: 2, targets: { 'velocity.concentric': { targetValue: 1, dropPercent: true, dropValue: 10 } }, target: 'Threshold' });
  const view = signal({ setDone: false });
  const turn = signal<Turn | null>(null);
  const errors: string[] = [];
  let ids = 0;
  const journal = {
    athletes: async () => roster,
    replace: (athletes: Athlete[]) => void (roster = athletes),
    exercises: async (): Promise<Exercise[]> => [],
    saveAthlete: async (a: Athlete) => void saved.push(a),
    saveExercise: async () => {},
    revision: signal(0),
    onRecover: (listener: (record: SessionRecord) => void) => {
      recovering.push(listener);
      return () => {};
    },
  };
  const recovering: ((record: SessionRecord) => void)[] = [];
  const team = createTeam({
    store: createTeamStore(() => storage, (m) => errors.push(m)),
    journal,
    settings,
    alerts: { showError: (m) => (errors.push(m), 0) },
    session: { turn },
    view,
    now: () => TODAY,
    newId: () => `new-${++ids}`,
  });
  return { team, settings, view, turn, saved, storage, errors, recovering, journal };
}

describe('the team service', () => {
  it('makes the settings on this device the first athlete’s at the first start, and names them to the live session', async () => {
    const { team, settings, saved } = await started(setup());
    expect(team.store.active.peek()).toMatchObject({ id: 'first', bodyMass: 80, settings: { warmup: 2, target: 'Threshold' } });
    expect(saved.at(-1)!.bodyMass).toBe(80);
    // Unspecified: the whole body on the unit's rope, as before athletes.
    expect(team.who.peek()).toEqual({ athleteId: 'first', exerciseId: 'builtin:unspecified', mass: 80, radius: settings.current.peek().radius, warmup: 2 });
  });

  it('puts the next athlete’s own settings and plates on screen and keeps the last one’s', async () => {
    const ana = createAthlete({ name: 'Ana', bodyMass: 61, settings: { ...DEFAULT_SETTINGS_OF_ANA } }, { id: 'ana', now: 1 });
    const ben = createAthlete({ name: 'Ben', bodyMass: 92 }, { id: 'ben', now: 2 });
    const { team, settings } = await started(setup({ athletes: [ana, ben] }));
    expect(team.store.athleteId.peek()).toBe('ana');
    settings.update({ plates: [0, 1, 0, 0, 0] });
    team.switchTo('ben');
    expect(settings.current.peek()).toMatchObject({ mass: 92, warmup: 1, target: 'None', plates: [0, 0, 0, 0, 0] });
    team.switchTo('ana');
    expect(settings.current.peek()).toMatchObject({ mass: 80, warmup: 2, target: 'Threshold', plates: [0, 1, 0, 0, 0] });
    expect(team.who.peek()).toMatchObject({ athleteId: 'ana', exerciseId: SQUAT, mass: 80 * 0.878 });
  });

  it('gives each exercise of an athlete its own plates, and the engine the exercise’s share of their body mass', async () => {
    const { team, settings } = await started(setup());
    team.chooseExercise(SQUAT);
    settings.update({ plates: [0, 1, 0, 0, 0] });
    expect(team.who.peek()).toMatchObject({ exerciseId: SQUAT, mass: 80 * 0.878 });
    team.chooseExercise(ROW);
    expect(settings.current.peek().plates).toEqual([0, 0, 0, 0, 0]);
    expect(team.who.peek()).toMatchObject({ exerciseId: ROW, mass: 0 });
    team.chooseExercise(SQUAT);
    expect(settings.current.peek().plates).toEqual([0, 1, 0, 0, 0]);
  });

  it('brings the next athlete in today’s order up once the set is done and its last rep has closed, the first after the last', async () => {
    const { team, view, turn, storage } = await started(setup());
    const bea = team.addAthlete('Bea', 64);
    const cy = team.addAthlete('Cy', 70);
    team.planToday(['first', bea.id, cy.id]);
    expect(team.store.athleteId.peek()).toBe('first');
    expect(team.next.peek()?.name).toBe('Bea');
    turn.value = makeTurn(5, 0.8);
    view.value = { setDone: true };
    await Promise.resolve();
    expect(team.store.athleteId.peek()).toBe('first');
    turn.value = null;
    await Promise.resolve();
    expect(team.store.athleteId.peek()).toBe(bea.id);
    view.value = { setDone: false };
    team.nextAthlete();
    team.nextAthlete();
    expect(team.store.athleteId.peek()).toBe('first');
    expect(JSON.parse(storage.read(TEAM_KEY)!)).toMatchObject({ athleteId: 'first', order: { day: '2025-07-07', athleteIds: ['first', bea.id, cy.id] } });
  });

  it('brings up the last athlete and exercise of a recovered session', async () => {
    const { team, recovering } = await started(setup());
    const bea = team.addAthlete('Bea', 64);
    const record = { settings: { tags: [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: 'first', exerciseId: SQUAT }, { fromUs: 9e6, athleteId: bea.id, exerciseId: ROW }] } } as unknown as SessionRecord;
    recovering.forEach((listener) => listener(record));
    expect([team.store.athleteId.peek(), team.exercise.peek().id]).toEqual([bea.id, ROW]);
  });

  it('reads the athletes again after Delete all data, keeping the reset settings with the new first athlete only', async () => {
    const { team, settings, saved, journal } = await started(setup());
    const fresh = createAthlete({ name: 'Athlete 1', bodyMass: 85 }, { id: 'fresh', now: 5 });
    journal.replace([fresh]);
    saved.length = 0;
    journal.revision.value++;
    settings.reset();
    await expect.poll(() => team.store.athleteId.peek()).toBe('fresh');
    expect(saved.map((a) => a.id)).not.toContain('first');
    expect(team.store.roster.peek().map((a) => a.id)).toEqual(['fresh']);
  });

  it('keeps the athlete up when the log changes wholesale and still holds them (a sync’s merge mid-session)', async () => {
    const ana = createAthlete({ name: 'Ana', bodyMass: 61 }, { id: 'ana', now: 1 });
    const ben = createAthlete({ name: 'Ben', bodyMass: 92 }, { id: 'ben', now: 2 });
    const { team, journal } = await started(setup({ athletes: [ana, ben] }));
    team.switchTo('ben');
    journal.replace([ana, { ...ben, name: 'Benjamin' }]);
    journal.revision.value++;
    await expect.poll(() => team.store.active.peek()?.name).toBe('Benjamin');
    expect(team.who.peek()?.athleteId).toBe('ben');
  });

  it('keeps yesterday’s order from choosing today’s first athlete', async () => {
    const stored = { [TEAM_KEY]: JSON.stringify({ athleteId: 'first', order: { day: '2025-07-06', athleteIds: ['first'], current: 'first' } }) };
    const { team } = await started(setup({ stored }));
    expect(team.store.order.peek()).toBeNull();
  });

  it('refuses to archive the athlete up now, and takes an archived one out of today’s order', async () => {
    const { team } = await started(setup());
    const bea = team.addAthlete('Bea', 64);
    team.planToday(['first', bea.id]);
    expect(() => team.archive('first', true)).toThrow(/Bring another athlete up before archiving/);
    team.archive(bea.id, true);
    expect(team.store.order.peek()!.athleteIds).toEqual(['first']);
    expect(team.athletes.peek().map((a) => a.name)).toEqual(['Athlete 1']);
  });
});

const DEFAULT_SETTINGS_OF_ANA = { metric: DEFAULT_SETTINGS.metric, phase: DEFAULT_SETTINGS.phase, target: 'None' as const, targets: {}, repGoal: null, warmup: 1, isVoiceFeedback: false, exerciseId: SQUAT, plates: {}, bigNumber: 'metric' as const, ratioTarget: null };

async function started<T extends { team: { ready: Promise<void> } }>(setupResult: T): Promise<T> {
  await setupResult.team.ready;
  return setupResult;
}
