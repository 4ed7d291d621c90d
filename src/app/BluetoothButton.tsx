/**
 * docs/behaviour.md §2 Bluetooth button: green and "Disconnect unit" while connected, neutral and "Connect
 * unit" otherwise. While the app reconnects a unit that dropped the link it reads "Reconnecting…"
 * and still disconnects: pressing it gives the unit up and ends the session. Where Web Bluetooth exists a press offers "Bluetooth unit" or "Demo unit";
 * where it does not, the Demo unit connects straight away and the user is told it is a demo.
 * The menu's code (ConnectMenu.tsx) stays out of the start-up chunk and loads once the app has started,
 * so that the first press opens it at once.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useRef, useState, type ReactElement } from 'react';
import { BluetoothIcon } from '../components/icons';
import { useApp } from '../compose/appContext';
import type { UnitChoice } from '../platform/units/port';
import { messageOf } from '../shared/messageOf';

const loadMenu = () => import('./ConnectMenu');
const ConnectMenu = lazy(loadMenu);

export const DEMO_NOTICE = 'Web Bluetooth is not available in this browser, so the Demo unit is connected: its reps are simulated.';

export function BluetoothButton(): ReactElement {
  useSignals();
  const { link, ports, stores } = useApp();
  const { attempt, showError, showStatus } = stores.alerts;
  const state = stores.connection.state.value;
  const [menuOpen, setMenuOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  // Once: the app's ports do not change while it runs.
  useEffect(() => {
    ports.units.preload().catch((error: unknown) => showError(`The unit support could not load: ${messageOf(error)}`));
    loadMenu().catch((error: unknown) => showError(`The connect menu could not load: ${messageOf(error)}`));
  }, []);

  function connect(choice: UnitChoice, notice?: string): void {
    setMenuOpen(false);
    void attempt(async () => {
      await link.connect(await ports.units.make(choice));
      if (notice) showStatus(notice);
    });
  }

  function press(): void {
    if (state.status === 'connected' || state.status === 'reconnecting') {
      void attempt(link.disconnect);
      return;
    }
    void attempt(async () => {
      if (await ports.units.bluetoothAvailable()) setMenuOpen((open) => !open);
      else connect('demo', DEMO_NOTICE);
    });
  }

  const connected = state.status === 'connected' || state.status === 'reconnecting';
  const text = state.status === 'reconnecting' ? 'Reconnecting…' : connected ? 'Disconnect' : state.status === 'connecting' ? 'Connecting…' : 'Connect';
  return (
    <div className="bt" ref={root}>
      <button
        type="button"
        className={state.status === 'connected' ? 'bt__button is-connected' : 'bt__button'}
        aria-label={connected ? 'Disconnect unit' : 'Connect unit'}
        aria-haspopup={connected ? undefined : 'menu'}
        aria-expanded={connected ? undefined : menuOpen}
        aria-busy={state.status === 'connecting'}
        disabled={state.status === 'connecting'}
        onClick={press}
      >
        <BluetoothIcon />
        <span className="bt__text">{text}</span>
      </button>
      {menuOpen && (
        <Suspense fallback={null}>
          <ConnectMenu root={root} onChoose={connect} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
