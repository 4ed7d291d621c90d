/**
 * The native shell (SPEC §1, §7): Capacitor wraps the production build in `dist/` as an Android
 * and an iOS app. Only the plugins' start-up settings live here; everything the app does with
 * them is in src/native/, chosen at run time by `Capacitor.isNativePlatform()`.
 *
 * - StatusBar: the dark style (light text) on the app's dark top bar colour (#111827, the
 *   manifest's theme colour) from the first frame, before any script runs; the page sets the
 *   same style again at start-up (src/native/startNativeShell.ts).
 * - BluetoothLe: the texts of the native device chooser, which Web Bluetooth words itself.
 */
import type { CapacitorConfig } from '@capacitor/cli';

const config: CapacitorConfig = {
  appId: 'app.repline',
  appName: 'Repline',
  webDir: 'dist',
  plugins: {
    StatusBar: {
      style: 'DARK',
      backgroundColor: '#111827',
      overlaysWebView: false,
    },
    BluetoothLe: {
      displayStrings: {
        scanning: 'Looking for your Repline unit…',
        cancel: 'Cancel',
        availableDevices: 'Repline units nearby',
        noDeviceFound: 'No Repline unit found',
      },
    },
  },
};

export default config;
