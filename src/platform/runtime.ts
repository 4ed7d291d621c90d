/**
 * The one question every port selection asks: is the app running inside the Capacitor shell?
 * Capacitor's native bridge (native-bridge.js, injected by the Android and iOS shells before the
 * page's own scripts run) defines `window.Capacitor` with `isNativePlatform() === true`, so the
 * answer is known at the first call and never changes while the page lives. Reading that global
 * instead of importing `@capacitor/core` keeps Capacitor out of the browser's start-up bundle
 * (the Workout screen's 100 kB budget); in a browser there is no bridge and the answer is false,
 * and none of the native adapters is ever loaded: each reaches its plugin through a dynamic import.
 */

interface CapacitorBridge {
  isNativePlatform?: () => boolean;
}

/** True inside the Android or iOS shell, false in every browser (PWA included). */
export function isNativePlatform(): boolean {
  const bridge = (globalThis as { Capacitor?: CapacitorBridge }).Capacitor;
  return bridge?.isNativePlatform?.() === true;
}
