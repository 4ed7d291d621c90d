/**
 * The few icons the app draws, inline so they cost no request and inherit the text colour.
 * Decorative: each is aria-hidden and the control beside it carries the accessible name.
 */
import type { ReactElement } from 'react';

function Icon({ d, title }: { d: string; title: string }): ReactElement {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" data-icon={title}>
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const BluetoothIcon = () => <Icon title="bluetooth" d="M7 7l10 10-5 5V2l5 5L7 17" />;
export const MenuIcon = () => <Icon title="menu" d="M4 6h16M4 12h16M4 18h16" />;
export const CloseIcon = () => <Icon title="close" d="M6 6l12 12M18 6L6 18" />;
export const WindupIcon = () => <Icon title="windup" d="M20 12a8 8 0 1 1-3-6.2M20 4v5h-5" />;
export const BoostIcon = () => <Icon title="boost" d="M13 2L4 14h7l-1 8 9-12h-7z" />;
export const VoiceIcon = () => <Icon title="voice" d="M4 9v6h4l5 4V5L8 9zM16 8a5 5 0 0 1 0 8" />;
export const SwapIcon = () => <Icon title="swap" d="M7 4l-4 4 4 4M3 8h14M17 20l4-4-4-4M21 16H7" />;
