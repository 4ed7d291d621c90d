/**
 * The Bluetooth button's menu (docs/behaviour.md §2): "Bluetooth unit" or "Demo unit", closed by
 * Escape or a press outside the button and its menu. Loaded when the button first opens it: the
 * press already waits for the browser to say whether it has Web Bluetooth.
 */
import { useEffect, type ReactElement, type RefObject } from 'react';
import type { UnitChoice } from '../platform/units/port';

export default function ConnectMenu({ root, onChoose, onClose }: { root: RefObject<HTMLDivElement | null>; onChoose: (choice: UnitChoice) => void; onClose: () => void }): ReactElement {
  // Set up once: the button closes the menu the same way for as long as it is open.
  useEffect(() => {
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
    };
  }, []);
  return (
    <ul className="bt__menu" role="menu" aria-label="Connect">
      <li role="none">
        <button type="button" role="menuitem" autoFocus onClick={() => onChoose('bluetooth')}>
          Bluetooth unit
        </button>
      </li>
      <li role="none">
        <button type="button" role="menuitem" onClick={() => onChoose('demo')}>
          Demo unit
        </button>
      </li>
    </ul>
  );
}
