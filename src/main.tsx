/**
 * Entry point: composes the app (see compose/compose.ts), mounts the router (browser history, base
 * "/") into #root, and after the first render starts what waits for it (wake lock, journal).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './compose/appContext';
import { AppRoutes } from './app/AppRoutes';
import { composeApp } from './compose/compose';
import { webPorts } from './compose/webPorts';
import { isNativePlatform } from './platform/runtime';
import { messageOf } from './shared/messageOf';
import './styles/app.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// The native shell's start-up code (the status bar's style, which is cosmetic) loads only inside the shell.
if (isNativePlatform()) {
  import('./native/startNativeShell')
    .then((shell) => shell.startNativeShell())
    .catch((error: unknown) => console.error(`The native shell's start-up could not load: ${messageOf(error)}`));
}

const app = composeApp(webPorts());

createRoot(root).render(
  <StrictMode>
    <AppProvider app={app}>
      <BrowserRouter basename="/">
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);

app.startBackground().catch((error: unknown) => app.stores.alerts.showError(`The session journal could not start: ${messageOf(error)}`));
