/**
 * One error type for "the journal could not write", with the sentence the user should read.
 * A full disk is the common case on phones and gets its own wording; any other failure (database
 * closed by the browser, private mode, a bug) is reported the same way rather than hidden,
 * because in every case the remedy is the same: keep recording in memory and export.
 */
import { describeError } from '../shared/describeError';

export class JournalStorageError extends Error {
  /** True when the browser refused the write for lack of space. */
  readonly quota: boolean;

  constructor(cause: unknown) {
    const quota = isQuotaError(cause);
    super(
      quota
        ? 'Storage is full: recording continues in memory only; export the session to keep it'
        : `Could not save the session on this device (${describeError(cause, { keepPlainName: true })}): recording continues in memory only; export the session to keep it`,
      { cause },
    );
    this.name = 'JournalStorageError';
    this.quota = quota;
  }
}

/** QuotaExceededError everywhere, plus Firefox's legacy name for it. */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

