/**
 * The lazily loaded settings area: the layout and its child pages in one chunk, so a visit to
 * Settings costs one request and moving between its pages none. The History page (its own
 * route, /history) rides in the same chunk, and routes its sessions' pages (/history/:id, their
 * code loaded when one is opened). Settings → Sync (/settings/sync) loads when it is opened.
 */
import { lazy, Suspense, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFound } from '../NotFound';
import AboutSettings from './AboutSettings';
import DataSettings from './DataSettings';
import GeneralSettings from './GeneralSettings';
import SettingsLayout from './SettingsLayout';
import UnitSettings from './UnitSettings';

import HistoryScreen from '../history/HistoryScreen';

const SessionScreen = lazy(() => import('../history/SessionScreen'));
// Settings → Sync loads on its own: the sync's code stays out of the chunk the History shares.
const SyncSettings = lazy(() => import('./SyncSettings'));
const loading = <p className="hint">Loading…</p>;

/** /history and /history/:id. */
export function HistoryPages(): ReactElement {
  return (
    <Routes>
      <Route index element={<HistoryScreen />} />
      <Route
        path=":id"
        element={
          <Suspense fallback={loading}>
            <SessionScreen />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export default function SettingsPages(): ReactElement {
  return (
    <Routes>
      <Route element={<SettingsLayout />}>
        <Route index element={<GeneralSettings />} />
        <Route path="unit" element={<UnitSettings />} />
        <Route path="data" element={<DataSettings />} />
        <Route
          path="sync"
          element={
            <Suspense fallback={loading}>
              <SyncSettings />
            </Suspense>
          }
        />
        <Route path="about" element={<AboutSettings />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
