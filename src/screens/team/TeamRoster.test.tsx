// @vitest-environment happy-dom
/**
 * The Team page's roster over an in-memory journal: an athlete and an exercise each archive and
 * come back from their own card, with a word on what happens to their sets, and the athlete up
 * now cannot be archived.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../compose/compose';
import { composeTestApp, renderWithApp } from '../../compose/testing/testApp';
import type { Team } from '../../team/team';
import { TeamRoster } from './TeamRoster';

let app: App;
let team: Team;

beforeEach(async () => {
  app = composeTestApp();
  await app.startBackground();
  team = app.team.peek()!;
});

afterEach(async () => {
  await act(() => app.link.disconnect());
  app.dispose();
  cleanup();
});

function card(list: string, name: string): HTMLElement {
  const item = within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .find((li) => within(li).getByRole('heading').textContent?.startsWith(name));
  if (item === undefined) throw new Error(`no card for ${name} in ${list}`);
  return item;
}

describe('the Team page’s roster', () => {
  it('archives an athlete and brings them back from their card, but never the athlete up now', async () => {
    const user = userEvent.setup();
    const up = team.store.active.peek()!;
    act(() => void team.addAthlete('Mia', 61));
    renderWithApp(<TeamRoster team={team} />, app);

    expect((within(card('Athletes', up.name)).getByRole('button', { name: `Archive ${up.name}` }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card('Athletes', 'Mia')).getByRole('paragraph').textContent).toBe('61 kg');

    await user.click(within(card('Athletes', 'Mia')).getByRole('button', { name: 'Archive Mia' }));
    expect(within(card('Athletes', 'Mia')).getByRole('heading').textContent).toBe('Mia (archived)');
    expect(app.stores.alerts.status.peek()?.message).toBe('Mia is archived: their sets are kept.');
    expect(team.store.roster.peek().find((a) => a.name === 'Mia')!.archived).toBe(true);

    await user.click(within(card('Athletes', 'Mia')).getByRole('button', { name: 'Bring back Mia' }));
    expect(within(card('Athletes', 'Mia')).getByRole('heading').textContent).toBe('Mia');
    expect(team.store.roster.peek().find((a) => a.name === 'Mia')!.archived).toBe(false);
  });

  it('archives one of your exercises and brings it back, saying its sets are kept', async () => {
    const user = userEvent.setup();
    act(() => void team.addExercise({ name: 'Cable pull-through', massShare: 0.25, radius: 0.02, movingPulley: true }));
    renderWithApp(<TeamRoster team={team} />, app);

    expect(within(card('Your exercises', 'Cable pull-through')).getByRole('paragraph').textContent).toBe('25 % of body mass · radius 0.02 m · moving pulley');
    await user.click(within(card('Your exercises', 'Cable pull-through')).getByRole('button', { name: 'Archive Cable pull-through' }));
    expect(within(card('Your exercises', 'Cable pull-through')).getByRole('heading').textContent).toBe('Cable pull-through (archived)');
    expect(app.stores.alerts.status.peek()?.message).toBe('Cable pull-through is archived: its sets are kept.');

    await user.click(within(card('Your exercises', 'Cable pull-through')).getByRole('button', { name: 'Bring back Cable pull-through' }));
    expect(within(card('Your exercises', 'Cable pull-through')).getByRole('heading').textContent).toBe('Cable pull-through');
    expect(team.store.exercises.peek()[0]!.archived).toBe(false);
  });
});
