/**
 * docs/behaviour.md §2 routes: / (Workout), /settings with /settings/unit and /settings/about, /test, and a
 * friendly page for anything else; beyond the product rules, /profile (the inertia profile, lazy), /profile/test (the guided profile
 * test, lazy), /history (finished sessions, lazy, in the settings chunk), /history/:id (one of them, every set, lazy; routed by the settings chunk) and /team (the athletes' last sessions and the roster, lazy). The Workout screen is in the main bundle; the settings pages
 * (one chunk, with their layout) and the test page load lazily on first visit.
 *
 * Declarative <Routes> rather than a data router: the app needs no loaders or actions, and the
 * data router costs about 16 kB gzip of the 100 kB budget.
 */
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFound } from '../screens/NotFound';
import { WorkoutScreen } from '../screens/workout/WorkoutScreen';
import { Shell } from './Shell';

const settingsChunk = () => import('../screens/settings/SettingsPages');
const SettingsPages = lazy(settingsChunk);
// The History shares the settings chunk: one request for the pages beyond the Workout screen.
const HistoryPages = lazy(() => settingsChunk().then((m) => ({ default: m.HistoryPages })));
const TestScreen = lazy(() => import('../screens/test/TestScreen'));
const ProfileScreen = lazy(() => import('../screens/profile/ProfileScreen'));
const ProfileTestScreen = lazy(() => import('../screens/profile/ProfileTestScreen'));
const TeamScreen = lazy(() => import('../screens/team/TeamScreen'));

const loading = <p className="hint">Loading…</p>;

/** The lazy pages, each under its path, shown with a line while its code loads. */
const PAGES: readonly [path: string, Page: ComponentType][] = [
  ['settings/*', SettingsPages],
  ['history/*', HistoryPages],
  ['profile', ProfileScreen],
  ['profile/test', ProfileTestScreen],
  ['team', TeamScreen],
  ['test', TestScreen],
];

export function AppRoutes(): ReactElement {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<WorkoutScreen />} />
        {PAGES.map(([path, Page]) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={loading}>
                <Page />
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
