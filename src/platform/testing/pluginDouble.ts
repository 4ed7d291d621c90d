/**
 * Plugin test doubles built with Capacitor's own `registerPlugin`, so the code under test meets
 * the real plugin Proxy (which answers every property, `then` included: resolving a promise with
 * it hangs) and Capacitor's real UNIMPLEMENTED errors, with a scripted implementation behind it.
 * Use inside a `vi.mock` factory; `implementation` is usually a `vi.hoisted` object of `vi.fn()`s.
 */
import { CapacitorException, ExceptionCode, registerPlugin } from '@capacitor/core';

export function pluginDouble<T extends object>(name: string, implementation: object): T {
  return registerPlugin<T>(name, { web: implementation });
}

/** The rejection of a plugin the native project does not contain. */
export function notImplemented(name: string): CapacitorException {
  return new CapacitorException(`"${name}" plugin is not implemented on android`, ExceptionCode.Unimplemented);
}
