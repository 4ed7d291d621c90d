import { batch, signal } from '@preact/signals-react';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../engine/types';
import { createMemoryStorage } from '../platform/storage/memoryStorage';
import { createAthlete, type Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import { DEFAULT_SETTINGS } from '../rules/settingsModel';
import { makeTurn } from '../rules/fixtures';
import { createSettingsStore } from '../stores/settings';
import { createTeamStore, TEAM_KEY } from '../stores/team';
import type { OrderRecord, SessionRecord } from '../log/records';
import type { TeamOrder } from '../rules/teamOrder';
import { emptyView } from '../compose/compose';
import type { Rep } from '../engine/types';
import type { LoadSpan } from '../rules/loads';
import type { TagSpan } from '../rules/setTags';
import { EMPTY_STATS } from '../workout/liveFrames';
import { createTeam } from './team';

const TODAY = new Date(2025, 6, 7, 9, 0);
const SQUAT = 'builtin:squat';
const ROW = 'builtin:bent-over-row';

function setup(options: { athletes?: Athlete[]; stored?: Record<string, string>; order?: OrderRecord } = {}) {
  const first = createAthlete({ name: 'Athlete 1', bodyMass: 85 }, { id: 'first', now: 1 });
  let roster = options.athletes ?? [first];
  const saved: Athlete[] = [];
  const storage = createMemoryStorage(options.stored);
  const settings = createSettingsStore();
  settings.update({ mass: 80, warmup: 2, targets: { 'velocity.concentric': { targetValue: 1, dropPercent: true, dropValue: 10 } }, target: 'Threshold' });
  const view = signal(viewOf(false));
  const turn = signal<Turn | null>(null);
  const reps = signal<Rep[]>([]);
  const loads = signal<LoadSpan[]>([]);
  const tags = signal<TagSpan[]>([]);
  const stats = signal(EMPTY_STATS);
  const live = signal(true);
  /** The rope's newest samples (every 5 ms): `rope.samples` µs and degrees. */
  const rope = { timeUs: [] as number[], angleDeg: [] as number[] };
  const recent = (count: number) => ({ timeUs: Float64Array.from(rope.timeUs.slice(-count)), angleDeg: Float64Array.from(rope.angleDeg.slice(-count)) });
  /** `seconds` more of the rope, still or moving, then a frame. */
  const stream = (seconds: number, moving: boolean) => {
    const from = rope.timeUs.at(-1) ?? 0;
    for (let i = 1; i <= seconds * 200; i++) {
      rope.timeUs.push(from + i * 5000);
      rope.angleDeg.push(moving ? 400 * Math.sin(i / 40) : 0);
    }
    stats.value = { ...stats.peek(), received: rope.timeUs.length };
  };
  const errors: string[] = [];
  let ids = 0;
  const orders: (TeamOrder | null)[] = [];
  const journal = {
    /** The log's order record: `saveOrder` stamps its edits "here". */
    orderRecord: options.order ?? null,
    athletes: async () => roster,
    order: async () => journal.orderRecord,
    saveOrder: async (order: TeamOrder | null) => {
      orders.push(order);
      journal.orderRecord = { order, stamp: 'here', modifiedAt: TODAY.getTime() };
    },
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
    session: { turn, reps, stats, live, recent, loads, tags },
    view,
    now: () => TODAY,
    newId: () => `new-${++ids}`,
  });
  return { team, settings, view, turn, reps, tags, live, stream, saved, storage, errors, recovering, journal, orders };
}

/** The Workout screen's view with the set done or not. */
const viewOf = (setDone: boolean) => ({ ...emptyView(4), setDone });

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

  it('brings the next athlete in today’s order up once the set is done, its last rep has closed and the rope has rested, the first after the last', async () => {
    const { team, view, turn, stream, journal } = await started(setup());
    const bea = team.addAthlete('Bea', 64);
    const cy = team.addAthlete('Cy', 70);
    team.planToday(['first', bea.id, cy.id]);
    expect(team.store.athleteId.peek()).toBe('first');
    expect(team.next.peek()?.name).toBe('Bea');
    stream(1, true);
    turn.value = makeTurn(5, 0.8);
    view.value = viewOf(true);
    await Promise.resolve();
    // The set is over: the reps that follow are nobody's, and the athlete is still up.
    expect([team.store.athleteId.peek(), team.over.peek(), team.who.peek()?.athleteId]).toEqual(['first', true, 'nobody']);
    // From just after the start of the rep that finished the set (the turn at index 5, 15 s in).
    expect(team.who.peek()?.since).toBe(15e6 + 1);
    turn.value = null;
    // The athlete pulls on after their goal, then rests for less than the changeover.
    stream(2, true);
    stream(0.8, false);
    await Promise.resolve();
    expect(team.store.athleteId.peek()).toBe('first');
    stream(0.3, false);
    await Promise.resolve();
    expect([team.store.athleteId.peek(), team.over.peek(), team.who.peek()?.athleteId]).toEqual([bea.id, false, bea.id]);
    view.value = viewOf(false);
    team.nextAthlete();
    team.nextAthlete();
    expect(team.store.athleteId.peek()).toBe('first');
    expect(journal.orderRecord?.order).toMatchObject({ day: '2025-07-07', athleteIds: ['first', bea.id, cy.id], current: 'first' });
  });

  it('brings the athlete who just finished back at once, by a tap on them or Next, with no next set done (issue 31, point 2)', async () => {
    const { team, view, stream, turn } = await started(setup());
    const bea = team.addAthlete('Bea', 64);
    team.planToday(['first', bea.id]);
    stream(1, true);
    view.value = viewOf(true);
    await Promise.resolve();
    stream(1.2, false);
    await Promise.resolve();
    expect(team.store.athleteId.peek()).toBe(bea.id);
    // Bea is up and has not pulled: the set on screen is hers, empty.
    view.value = viewOf(false);
    team.switchTo('first');
    expect([team.store.athleteId.peek(), team.store.order.peek()!.current, team.who.peek()?.athleteId]).toEqual(['first', 'first', 'first']);
    stream(2, false);
    await Promise.resolve();
    expect(team.store.athleteId.peek()).toBe('first');
    // "Next: Bea", then the first again from Next and from today's order.
    team.nextAthlete();
    expect(team.store.athleteId.peek()).toBe(bea.id);
    team.nextAthlete();
    expect(team.store.athleteId.peek()).toBe('first');
    team.planToday([bea.id, 'first']);
    expect(team.store.athleteId.peek()).toBe(bea.id);
    // While a set is over, a tap on its own athlete brings them back to a new set.
    turn.value = null;
    stream(0.2, true);
    view.value = viewOf(true);
    await Promise.resolve();
    expect(team.over.peek()).toBe(true);
    team.switchTo(bea.id);
    expect([team.over.peek(), team.who.peek()?.athleteId]).toEqual([false, bea.id]);
  });

  it('ends no set for the athlete who comes up when the last athlete’s set is judged by their settings for a moment', async () => {
    const { team, view, stream, tags } = await started(setup());
    const bea = team.addAthlete('Bea', 64);
    team.planToday([bea.id, 'first']);
    tags.value = [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: bea.id, exerciseId: SQUAT }];
    stream(3, true);
    stream(2, false);
    // "Next": the first athlete's settings are up, Bea's span still the last for a moment, and her set meets the first athlete's goal.
    team.nextAthlete();
    view.value = viewOf(true);
    await Promise.resolve();
    expect([team.store.athleteId.peek(), team.over.peek()]).toEqual(['first', false]);
    batch(() => {
      tags.value = [...tags.peek(), { fromUs: 6e6, athleteId: 'first', exerciseId: SQUAT }];
      view.value = viewOf(false);
    });
    await Promise.resolve();
    expect([team.store.athleteId.peek(), team.over.peek()]).toEqual(['first', false]);
  });

  it('brings the next athlete up once the stream has ended, without waiting for a rest', async () => {
    const { team, view, live, stream } = await started(setup());
    const bea = team.addAthlete('Bea', 64);
    team.planToday(['first', bea.id]);
    stream(1, true);
    view.value = viewOf(true);
    await Promise.resolve();
    expect(team.store.athleteId.peek()).toBe('first');
    live.value = false;
    await Promise.resolve();
    expect(team.store.athleteId.peek()).toBe(bea.id);
  });

  it('keeps the last set on screen once the next athlete is up, until their first rep', async () => {
    const { team, view, reps, tags } = await started(setup());
    const bea = team.addAthlete('Bea', 64);
    const done = { ...viewOf(true), rows: [{ count: 4 }] } as unknown as ReturnType<typeof viewOf>;
    reps.value = [{} as Rep];
    tags.value = [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: 'first', exerciseId: SQUAT }];
    view.value = done;
    team.switchTo(bea.id);
    // Bea's settings are up before her span begins: the set on screen, judged by them, is not kept as the first's.
    view.value = { ...done, counted: 3 };
    batch(() => {
      tags.value = [...tags.peek(), { fromUs: 9e6, athleteId: bea.id, exerciseId: SQUAT }];
      view.value = viewOf(false);
    });
    expect(team.shown.peek()).toEqual({ view: done, of: 'first' });
    const hers = { ...viewOf(false), rows: [{ count: 0 }] } as unknown as ReturnType<typeof viewOf>;
    view.value = hers;
    expect(team.shown.peek()).toEqual({ view: hers, of: bea.id });
    reps.value = [];
    view.value = viewOf(false);
    expect(team.shown.peek().view).toEqual(viewOf(false));
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

  it('puts a pulled copy of the athlete up on screen and never writes the screen’s settings over it', async () => {
    const ana = createAthlete({ name: 'Ana', bodyMass: 61, settings: { ...DEFAULT_SETTINGS_OF_ANA } }, { id: 'ana', now: 1 });
    const ben = createAthlete({ name: 'Ben', bodyMass: 92 }, { id: 'ben', now: 2 });
    const { team, settings, saved, journal } = await started(setup({ athletes: [ana, ben] }));
    team.switchTo('ben');
    team.switchTo('ana');
    // Her phone changed her targets and body mass: the coach's tablet pulls them.
    const kept = team.store.active.peek()!;
    const pulled = { ...kept, bodyMass: 63, settings: { ...kept.settings, repGoal: 6, warmup: 3, target: 'Zone' as const }, modifiedAt: 50 };
    journal.replace([pulled, ben]);
    saved.length = 0;
    journal.revision.value++;
    await expect.poll(() => team.store.active.peek()?.settings.repGoal).toBe(6);
    expect(settings.current.peek()).toMatchObject({ mass: 63, repGoal: 6, warmup: 3, target: 'Zone' });
    expect(team.store.active.peek()).toMatchObject({ bodyMass: 63, settings: { repGoal: 6, warmup: 3, target: 'Zone' } });
    expect(saved).toEqual([]);
  });

  it('brings a restored athlete up with their own settings when the file’s athletes replace a new device’s first one', async () => {
    // The new device's screen: its first athlete's settings (80 kg, warmup 2, a threshold target).
    const { team, settings, saved, journal } = await started(setup());
    const ana = createAthlete({ name: 'Ana', bodyMass: 61, settings: { ...DEFAULT_SETTINGS_OF_ANA, repGoal: 5 } }, { id: 'ana', now: 0 });
    const ben = createAthlete({ name: 'Ben', bodyMass: 92 }, { id: 'ben', now: 0.5 });
    journal.replace([ana, ben]);
    saved.length = 0;
    journal.revision.value++;
    await expect.poll(() => team.store.athleteId.peek()).toBe('ana');
    expect(team.store.roster.peek().map((a) => [a.name, a.bodyMass, a.settings.repGoal, a.settings.warmup, a.settings.target])).toEqual([
      ['Ana', 61, 5, 1, 'None'],
      ['Ben', 92, null, 1, 'None'],
    ]);
    expect(settings.current.peek()).toMatchObject({ mass: 61, repGoal: 5, warmup: 1, target: 'None' });
    expect(saved.filter((a) => a.id === 'ana')).toEqual([]);
  });

  it('keeps yesterday’s order from choosing today’s first athlete, and out of the log', async () => {
    const stored = { [TEAM_KEY]: JSON.stringify({ athleteId: 'first', order: { day: '2025-07-06', athleteIds: ['first'], current: 'first' } }) };
    const { team, orders } = await started(setup({ stored }));
    expect(team.store.order.peek()).toBeNull();
    expect(orders).toEqual([]);
  });

  it('keeps today’s order in the log’s order record, not in storage, and takes a pulled one', async () => {
    const first = createAthlete({ name: 'Athlete 1', bodyMass: 85 }, { id: 'first', now: 1 });
    const bea = createAthlete({ name: 'Bea', bodyMass: 64 }, { id: 'bea', now: 2 });
    const { team, journal, storage, orders } = await started(setup({ athletes: [first, bea] }));
    team.planToday([bea.id, 'first']);
    team.nextAthlete();
    expect(orders).toEqual([
      { day: '2025-07-07', athleteIds: [bea.id, 'first'], current: bea.id },
      { day: '2025-07-07', athleteIds: [bea.id, 'first'], current: 'first' },
    ]);
    expect(JSON.parse(storage.read(TEAM_KEY)!)).toEqual({ athleteId: 'first' });
    // The coach's other device reordered today: the pull merges its record, and the log changed.
    journal.orderRecord = { order: { day: '2025-07-07', athleteIds: ['first', bea.id], current: 'first' }, stamp: 'there', modifiedAt: 1 };
    journal.revision.value++;
    await expect.poll(() => team.store.order.peek()?.athleteIds).toEqual(['first', bea.id]);
    expect(team.next.peek()?.name).toBe('Bea');
    // Reading it wrote nothing back; ending it is an edit again.
    expect(orders).toHaveLength(2);
    team.endToday();
    expect(orders.at(-1)).toBeNull();
  });

  it('moves the order an older release kept in storage into the log once, and drops it from storage', async () => {
    const former = { day: '2025-07-07', athleteIds: ['first'], current: 'first' };
    const { team, journal, storage } = await started(setup({ stored: { [TEAM_KEY]: JSON.stringify({ athleteId: 'first', order: former }) } }));
    expect(journal.orderRecord?.order).toEqual(former);
    expect(team.store.order.peek()).toEqual(former);
    expect(JSON.parse(storage.read(TEAM_KEY)!)).toEqual({ athleteId: 'first' });
    // A log that has an order record of its own (here: ended) keeps it over what storage still holds.
    const ended = { order: null, stamp: 'there', modifiedAt: 1 };
    const again = await started(setup({ stored: { [TEAM_KEY]: JSON.stringify({ athleteId: 'first', order: former }) }, order: ended }));
    expect(again.team.store.order.peek()).toBeNull();
    expect(again.journal.orderRecord).toBe(ended);
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
