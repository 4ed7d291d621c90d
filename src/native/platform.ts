/**
 * The one question every port selection asks: is the app running inside the Capacitor shell?
 * Capacitor's native side injects its bridge (`androidBridge` on Android, a WebKit message
 * handler on iOS) before the page's own scripts run, so the answer is known at the first call
 * and never changes while the page lives. In a browser the answer is always false and none of
 * the native adapters below is ever loaded: each reaches its plugin through a dynamic import.
 */
import { Capacitor } from '@capacitor/core';

/** True inside the Android or iOS shell, false in every browser (PWA included). */
export function isNativePlatform(): boolean {
  return Capacitor.isNativePlatform();
}
