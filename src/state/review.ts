/**
 * Whether the set on screen is a finished session reopened from the history (shown read-only:
 * nothing is journaled, and connecting or Reset starts a new session), and when it was recorded.
 */
import { signal } from '@preact/signals-react';

export const reviewing = signal<{ startedAt: number } | null>(null);
