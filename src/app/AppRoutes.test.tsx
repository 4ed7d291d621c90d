// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../components/chart/PlotlyRepChart', () => import('../components/chart/testing/repChartDouble'));

const { AppRoutes } = await import('./AppRoutes');
const { version } = await import('../../package.json');

const { composeTestApp, renderWithApp } = await import('../compose/testing/testApp');
const { AppProvider } = await import('../compose/appContext');

/** The browser's Back button, for a MemoryRouter. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      test back
    </button>
  );
}
const app = composeTestApp();

// The first visit of a lazy page imports its chunk: in the test runner, dozens of modules
// transformed and evaluated, more than a second on a loaded machine, past the one second a
// `findBy` waits. That work is done here, once, so each test waits only on the route and the
// render (React's `lazy` still suspends and loads the chunk, from the module cache).
beforeAll(async () => {
  await Promise.all([
    import('../screens/settings/SettingsPages'),
    import('../screens/test/TestScreen'),
    import('../screens/profile/ProfileScreen'),
    import('../screens/profile/ProfileTestScreen'),
    import('../screens/team/TeamScreen'),
    import('../screens/history/SessionScreen'),
    import('../screens/settings/SyncSettings'),
  ]);
}, 60_000);

afterEach(cleanup);

function visit(path: string) {
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
    app,
  );
}

describe('routes', () => {
  it('opens on the Workout screen with the documented empty text', async () => {
    visit('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Workout' })).toBeTruthy();
    expect(screen.getByText('Start to use Repline, make sure your unit is connected')).toBeTruthy();
  });

  it('offers Workout, History, Profile, Team and Settings in the navigation', async () => {
    visit('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Workout', 'History', 'Profile', 'Team', 'Settings']);
  });

  it('loads the Team page lazily', async () => {
    visit('/team');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();
  });

  it('loads the Profile lazily', async () => {
    visit('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
  });

  it('loads the guided profile test lazily, from a link on the Profile', async () => {
    visit('/profile');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Run a profile test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile test' })).toBeTruthy();
  });

  it('loads the History lazily', async () => {
    visit('/history');
    expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeTruthy();
  });

  it('loads the settings layout lazily with General first', async () => {
    visit('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Athlete and processing' })).toBeTruthy();
  });

  it('shows the unit page with the firmware', async () => {
    visit('/settings/unit');
    expect(await screen.findByRole('heading', { name: 'Unit' })).toBeTruthy();
    expect(screen.getByText('Firmware')).toBeTruthy();
    expect(screen.getByText('Connect a unit to change its settings.')).toBeTruthy();
  });

  it('shows the version and the licences on About', async () => {
    visit('/settings/about');
    expect(await screen.findByRole('heading', { name: 'About' })).toBeTruthy();
    expect(screen.getByText(version)).toBeTruthy();
    const licences = screen.getByRole('list');
    for (const name of ['React and React DOM', 'Plotly.js (basic bundle)', 'Papa Parse']) {
      expect(within(licences).getByText(new RegExp(name.replace(/[().]/g, '\\$&')))).toBeTruthy();
    }
  });

  it('loads the test page lazily', async () => {
    visit('/test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sensor test' })).toBeTruthy();
    expect(screen.getByLabelText('Debug or session CSV file')).toBeTruthy();
  });

  it('answers an unknown settings page with the same friendly page', async () => {
    visit('/settings/nothing');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('answers an unknown path with a friendly page and a way back', async () => {
    visit('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/no/such/page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Workout' }).getAttribute('href')).toBe('/');
  });

  it('scrolls to the top on every navigation', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    visit('/');
    await screen.findByRole('heading', { name: 'Workout' });
    scrollTo.mockClear();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { name: 'Athlete and processing' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'About' }));
    await screen.findByRole('heading', { name: 'About' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the top on Back and Forward too, instead of the browser restoring the old position', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    window.history.scrollRestoration = 'auto';
    render(
      <AppProvider app={app}>
        <MemoryRouter initialEntries={['/', '/settings/about']} initialIndex={1}>
          <AppRoutes />
          <BackButton />
        </MemoryRouter>
      </AppProvider>,
    );
    await screen.findByRole('heading', { name: 'About' });
    expect(window.history.scrollRestoration).toBe('manual');
    scrollTo.mockClear();
    await userEvent.setup().click(screen.getByRole('button', { name: 'test back' }));
    await screen.findByRole('heading', { level: 1, name: 'Workout' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('opens the slide-in menu and closes it on Escape and on navigation', async () => {
    const user = userEvent.setup();
    visit('/');
    const open = await screen.findByRole('button', { name: 'Open menu' });
    expect(open.getAttribute('aria-controls')).toBe('main-nav');
    await user.click(open);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect((await screen.findByRole('button', { name: 'Open menu' })).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('ErrorBoundary', () => {
  it('shows what broke instead of a blank page, and clears on navigation', async () => {
    const { ErrorBoundary } = await import('./ErrorBoundary');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('chunk failed to load');
    };
    const { rerender } = render(
      <MemoryRouter>
        <ErrorBoundary resetKey="a">
          <Broken />
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toBe('chunk failed to load');
    rerender(
      <MemoryRouter>
        <ErrorBoundary resetKey="b">
          <p>fine again</p>
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('fine again')).toBeTruthy();
  });
});
