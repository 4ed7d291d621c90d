/**
 * Code loaded on demand, without React.lazy. A lazy component suspends the first time it renders,
 * and React holds a suspended boundary's content back (about 300 ms) to batch reveals: that
 * delay would fall on the first rep of a set, the moment the athlete looks at the screen. Here
 * the screen starts the load when it knows the code will be needed (a unit connects), keeps
 * what loaded, and renders it as soon as it is there, with no suspension.
 */
import { useEffect, useState } from 'react';
import { showError } from '../stores/alerts';
import { messageOf } from '../shared/messageOf';

export interface OnDemand<T> {
  /** The loaded value, or null before it has loaded. */
  readonly value: T | null;
  /** Starts the load (once; again after a failure) and settles with the value. */
  load(): Promise<T>;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    get value() {
      return value;
    },
    load() {
      pending ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}

/** The value of `code` once loaded; loads it while `wanted`, and says so in the alert region if that fails. */
export function useOnDemand<T>(code: OnDemand<T>, wanted: boolean): T | null {
  const [value, setValue] = useState<T | null>(() => code.value);
  useEffect(() => {
    if (!wanted || value !== null) return;
    let current = true;
    code.load().then(
      (loaded) => current && setValue(() => loaded),
      (error: unknown) => current && showError(`Part of the Workout screen could not load: ${messageOf(error)}`),
    );
    return () => {
      current = false;
    };
  }, [code, wanted, value]);
  return value;
}
