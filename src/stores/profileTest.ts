/**
 * The guided profile test's plan and progress, kept like the settings: made by the composition
 * root when the page first asks, read from storage then and written back at every change, so the
 * test survives leaving the page (the Workout screen to start a set) and a reload. A stored copy
 * that cannot be read starts the test afresh, and `onError` says why. No state lives in this
 * module: each app has its own store.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { StoragePort } from '../platform/storage/port';
import { messageOf } from '../shared/messageOf';
import { DEFAULT_PROFILE_TEST, parseStoredProfileTest, type ProfileTestPlan, type ProfileTestRun } from '../rules/profileTest';

export const PROFILE_TEST_KEY = 'repline.profileTest.v1';

export interface ProfileTestStore {
  readonly plan: ReadonlySignal<ProfileTestPlan>;
  /** The test under way, null before it starts and after it is stopped. */
  readonly run: ReadonlySignal<ProfileTestRun | null>;
  setPlan(plan: ProfileTestPlan): void;
  setRun(run: ProfileTestRun | null): void;
}

export function createProfileTestStore(storage: () => StoragePort, onError: (message: string) => void): ProfileTestStore {
  const stored = storage().read(PROFILE_TEST_KEY);
  let initial: { plan: ProfileTestPlan; run: ProfileTestRun | null } = { plan: DEFAULT_PROFILE_TEST, run: null };
  if (stored !== null) {
    try {
      initial = parseStoredProfileTest(stored);
    } catch (error) {
      storage().remove(PROFILE_TEST_KEY);
      onError(`The profile test in progress could not be read back, so it starts afresh: ${messageOf(error)}`);
    }
  }
  const plan = signal(initial.plan);
  const run = signal(initial.run);
  const keep = () => storage().write(PROFILE_TEST_KEY, JSON.stringify({ plan: plan.peek(), run: run.peek() }));
  return {
    plan,
    run,
    setPlan(next) {
      plan.value = next;
      keep();
    },
    setRun(next) {
      run.value = next;
      keep();
    },
  };
}
