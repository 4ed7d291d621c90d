/**
 * Entry point: mounts the router (browser history, base "/") into #root. Settings are loaded and
 * the live session is created by the modules the Workout screen imports, before the first render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes';
import { startNativeShell } from './native/startNativeShell';
import { messageOf, showError } from './stores/alerts';
import './styles/app.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

void startNativeShell();

// Issue 7: the wake lock (kept while a unit is connected) and the session journal (IndexedDB and
// the recovery offer) load after the first render, so neither delays the Workout screen.
import('./app/backgroundServices')
  .then(({ startNothingLost }) => startNothingLost())
  .catch((error: unknown) => showError(`The session journal could not start: ${messageOf(error)}`));

createRoot(root).render(
  <StrictMode>
    <BrowserRouter basename="/">
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
