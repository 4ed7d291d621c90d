/**
 * The navigation shell (docs/behaviour.md §2): on large screens a sidebar with Workout and Settings; on small
 * screens a top bar with the logo, a menu button that slides the same navigation in, and the
 * Bluetooth button. It is one <nav> either way (CSS moves it), so there is one set of links and
 * one Bluetooth button in the page. Every navigation scrolls to the top and closes the menu.
 * Beyond the product rules: History, Profile and Team links, the reconnect banner and the recovery offer.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { CloseIcon, MenuIcon } from '../components/icons';
import { AlertRegion } from './AlertRegion';
import { ErrorBoundary } from './ErrorBoundary';
import { BluetoothButton } from './BluetoothButton';
import { useApp } from '../compose/appContext';

// The reconnect banner, the Calibrate dialog and the recovery dialog load when they have something to show.
const ReconnectBanner = lazy(() => import('./ReconnectBanner'));
const CalibrateModal = lazy(() => import('./CalibrateModal'));
const RecoveryDialog = lazy(() => import('./RecoveryDialog'));

export function Shell(): ReactElement {
  useSignals();
  const app = useApp();
  const offer = app.journal.value?.offer.value ?? null;
  const connection = app.stores.connection.state;
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // Every navigation starts at the top, Back and Forward included: the browser's own restoration
  // of the old position would win over this scroll, so it is turned off.
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    window.scrollTo(0, 0);
    setMenuOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className={menuOpen ? 'shell menu-open' : 'shell'}>
      <header className="topbar">
        <button
          type="button"
          className="icon-button topbar__menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <NavLink to="/" className="logo" aria-label="Repline home">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Repline</span>
        </NavLink>
        <BluetoothButton />
      </header>
      <nav id="main-nav" className="nav" aria-label="Main">
        <NavLink to="/" end className="nav__link">
          Workout
        </NavLink>
        <NavLink to="/history" className="nav__link">
          History
        </NavLink>
        <NavLink to="/profile" className="nav__link">
          Profile
        </NavLink>
        <NavLink to="/team" className="nav__link">
          Team
        </NavLink>
        <NavLink to="/settings" className="nav__link">
          Settings
        </NavLink>
      </nav>
      {menuOpen && <div className="nav-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <main className="main">
        <div className="reconnect" role="status" aria-live="polite">
          {connection.value.status === 'reconnecting' && (
            <Suspense fallback={null}>
              <ReconnectBanner />
            </Suspense>
          )}
        </div>
        <ErrorBoundary resetKey={location.key}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <AlertRegion />
      {app.stores.connection.calibrateOpen.value && (
        <Suspense fallback={null}>
          <CalibrateModal />
        </Suspense>
      )}
      {offer !== null && (
        <Suspense fallback={null}>
          <RecoveryDialog />
        </Suspense>
      )}
    </div>
  );
}
