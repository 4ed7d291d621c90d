/**
 * Code loaded on demand, without React.lazy. A lazy component suspends the first time it renders,
 * and React holds a suspended boundary's content back (about 300 ms) to batch reveals: that
 * delay would fall on the first rep of a set, the moment the athlete looks at the screen. Here
 * the screen starts the load when it knows the code will be needed (a unit connects), the app
 * keeps what loaded (its code cache, compose/codeCache.ts), and the screen renders it as soon as
 * it is there, with no suspension.
 */
import { useEffect, useState } from 'react';
import { useApp } from '../compose/appContext';
import { messageOf } from '../shared/messageOf';

/**
 * The value of `load` once loaded; loads it while `wanted`, and says so in the alert region if that
 * fails. `load` is a module's constant (the cache knows a loader by its identity).
 */
export function useOnDemand<T>(load: () => Promise<T>, wanted: boolean): T | null {
  const { code, stores } = useApp();
  const [value, setValue] = useState<T | null>(() => code.loaded(load));
  useEffect(() => {
    if (!wanted || value !== null) return;
    let current = true;
    code.load(load).then(
      (loaded) => current && setValue(() => loaded),
      (error: unknown) => current && stores.alerts.showError(`Part of the Workout screen could not load: ${messageOf(error)}`),
    );
    return () => {
      current = false;
    };
  }, [load, wanted, value]);
  return value;
}
