/**
 * SPEC §2 routes. The Workout screen is in the main bundle; settings and the test page load
 * lazily (their chunks are fetched on first visit). Route ids follow SPEC's route names.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { NotFound } from '../screens/NotFound';
import { WorkoutScreen } from '../screens/workout/WorkoutScreen';
import { RouteError } from './RouteError';
import { Shell } from './Shell';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { id: 'home', index: true, element: <WorkoutScreen /> },
      {
        id: 'settings',
        path: 'settings',
        lazy: page(() => import('../screens/settings/SettingsLayout')),
        children: [
          { id: 'settings-general', index: true, lazy: page(() => import('../screens/settings/GeneralSettings')) },
          { id: 'settings-unit', path: 'unit', lazy: page(() => import('../screens/settings/UnitSettings')) },
          { id: 'settings-about', path: 'about', lazy: page(() => import('../screens/settings/AboutSettings')) },
        ],
      },
      { id: 'test', path: 'test', lazy: page(() => import('../screens/test/TestScreen')) },
      { id: 'not-found', path: '*', element: <NotFound /> },
    ],
  },
];
