import { describe, expect, it } from 'vitest';
import { archiveAthlete, createAthlete } from './athletes';
import { afterSet, localDay, moveInOrder, orderForToday, planOrder, switchTo, withoutAthlete } from './teamOrder';

const [ana, bea, cy, dan] = ['Ana', 'Bea', 'Cy', 'Dan'].map((name) => createAthlete({ name, bodyMass: 70 }, { id: name.toLowerCase(), now: 1 }));
const roster = [ana!, bea!, cy!, dan!];
const today = '2025-06-02';

describe("the coach's order for today", () => {
  it('brings up the next athlete after each set, and the first again after the last', () => {
    let order = planOrder(['bea', 'ana', 'cy'], roster, today);
    const up: string[] = [order.current];
    for (let set = 0; set < 4; set++) up.push((order = afterSet(order, roster)).current);
    expect(up).toEqual(['bea', 'ana', 'cy', 'bea', 'ana']);
  });

  it('skips an athlete archived since the order was made', () => {
    const order = planOrder(['ana', 'bea', 'cy'], roster, today);
    expect(afterSet(order, [ana!, archiveAthlete(bea!, true, 2), cy!]).current).toBe('cy');
  });

  it('carries on after an athlete switched to by hand', () => {
    const order = switchTo(planOrder(['ana', 'bea', 'cy'], roster, today), 'cy');
    expect(afterSet(order, roster).current).toBe('ana');
    expect(() => switchTo(order, 'dan')).toThrow(/not in today's order/);
  });

  it('moves and removes athletes, handing the turn on when the current one leaves', () => {
    const order = planOrder(['ana', 'bea', 'cy'], roster, today);
    expect(moveInOrder(order, 'cy', 0).athleteIds).toEqual(['cy', 'ana', 'bea']);
    expect(moveInOrder(order, 'ana', 9).athleteIds).toEqual(['bea', 'cy', 'ana']);
    expect(withoutAthlete(order, 'ana')).toMatchObject({ athleteIds: ['bea', 'cy'], current: 'bea' });
    expect(withoutAthlete(switchTo(order, 'cy'), 'cy')).toMatchObject({ athleteIds: ['ana', 'bea'], current: 'ana' });
    expect(withoutAthlete(planOrder(['ana'], roster, today), 'ana')).toBeNull();
  });

  it('is for one day only', () => {
    const order = planOrder(['ana'], roster, today);
    expect(orderForToday(order, today)).toBe(order);
    expect(orderForToday(order, '2025-06-03')).toBeNull();
    expect(localDay(new Date(2025, 0, 9, 23, 59))).toBe('2025-01-09');
  });

  it('refuses nobody, a stranger, an archived athlete and a repeat', () => {
    expect(() => planOrder([], roster, today)).toThrow(/at least one/);
    expect(() => planOrder(['zed'], roster, today)).toThrow(/no athlete zed/);
    expect(() => planOrder(['ana'], [archiveAthlete(ana!, true, 2)], today)).toThrow(/Ana is archived/);
    expect(() => planOrder(['ana', 'ana'], roster, today)).toThrow(/twice/);
  });
});
