// @vitest-environment happy-dom
/**
 * The Profile screen over an in-memory journal holding three finished sessions of the simulated
 * athlete, at 0.025, 0.05 and 0.1 kg·m²: each set is a point, the fits show, and leaving sets out
 * leaves too few to fit, which the screen says instead of fitting.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeWithAthleteSessions, THREE_INERTIAS } from '../../journal/testKit';
import type { App } from '../../compose/compose';
import { synthesizeSet } from '../../device';
import { composeTestApp, renderWithApp } from '../../compose/testing/testApp';

vi.mock('./ProfileCharts', () => ({ default: () => <p>charts drawn</p> }));
const { default: ProfileScreen } = await import('./ProfileScreen');

let app: App;

beforeEach(async () => {
  app = composeTestApp({ openJournal: () => storeWithAthleteSessions(THREE_INERTIAS, synthesizeSet) });
  await app.startBackground();
});

afterEach(() => {
  app.dispose();
  cleanup();
});

describe('the Profile screen', () => {
  it('makes a point of each set, fits them, and says why not once one inertia is left', async () => {
    renderWithApp(<MemoryRouter><ProfileScreen /></MemoryRouter>, app);
    const list = await screen.findByRole('list', { name: /^Sets/ });
    const cards = within(list).getAllByRole('listitem');
    const figure = (card: HTMLElement, name: string) => within(card).getByText(name).nextElementSibling!.textContent;
    expect(cards.map((c) => figure(c, 'Inertia')).sort()).toEqual(['0.025 kg·m²', '0.05 kg·m²', '0.1 kg·m²']);
    // Heavier flywheel, slower pull.
    const velocity = (inertia: string) => parseFloat(figure(cards.find((c) => figure(c, 'Inertia') === inertia)!, 'Velocity')!);
    expect(velocity('0.1 kg·m²')).toBeLessThan(velocity('0.025 kg·m²'));
    expect(await screen.findByText('Maximum flywheel load')).toBeTruthy();
    expect(await screen.findByText('charts drawn')).toBeTruthy();
    await act(() => userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Training zone' }), 'strength'));
    expect(screen.getByText(/^Strength: 45 %–70 % of the maximum load, .* kg·m², where you should pull \d\.\d\d–\d\.\d\d m\/s\. Plates: /)).toBeTruthy();
    await act(() => userEvent.setup().click(within(cards[0]!).getByRole('checkbox')));
    expect(screen.getByText(/Two sets fit any line exactly/)).toBeTruthy();
    await act(() => userEvent.setup().click(within(cards[1]!).getByRole('checkbox')));
    expect(screen.getByText(/there is only one set/)).toBeTruthy();
    expect(screen.queryByText('charts drawn')).toBeNull();
  });

  it('says a profile test is under way, and leads back to it (issue 31, point 10)', async () => {
    const test = await app.profileTest();
    act(() => test.setRun({ steps: [{ plates: [0, 0, 1, 0, 0], inertia: 0.025 }, { plates: [0, 1, 0, 0, 0], inertia: 0.05 }, { plates: [1, 0, 0, 0, 0], inertia: 0.1 }], index: 1, sinceUs: null, startUs: 0, finished: false }));
    renderWithApp(<MemoryRouter><ProfileScreen /></MemoryRouter>, app);
    expect((await screen.findByText(/^A profile test is under way: set 2 of 3\./)).textContent).toContain('Go on with the test');
    expect(screen.getByRole('link', { name: 'Go on with the test' }).getAttribute('href')).toBe('/profile/test');
  });
});
