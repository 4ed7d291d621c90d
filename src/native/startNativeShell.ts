/**
 * What the native shell does once at start-up (docs/behaviour.md §7): the status bar gets the dark style
 * (light text on the app's dark top bar). capacitor.config.json already asks for that style before
 * the page loads, so there is no light flash; this call applies it again once the page runs, in
 * case the platform reset it. In a browser it does nothing and loads nothing.
 *
 * It never rejects, so `void startNativeShell()` at the entry point cannot leave an unhandled
 * rejection: the outcome is a value, and anything but success is logged (the status bar is
 * cosmetic; the user is not interrupted for it).
 */
import { isPluginMissing, missingPluginMessage } from '../platform/pluginErrors';
import { describeError } from '../shared/describeError';
import { isNativePlatform } from '../platform/runtime';

export type StatusBarOutcome = { kind: 'browser' } | { kind: 'dark' } | { kind: 'unavailable'; message: string } | { kind: 'failed'; message: string };

export async function startNativeShell(): Promise<StatusBarOutcome> {
  if (!isNativePlatform()) return { kind: 'browser' };
  try {
    const { StatusBar, Style } = await import('@capacitor/status-bar');
    await StatusBar.setStyle({ style: Style.Dark });
    return { kind: 'dark' };
  } catch (error) {
    if (isPluginMissing(error)) {
      const message = missingPluginMessage('The status bar plugin', error);
      console.warn(message);
      return { kind: 'unavailable', message };
    }
    const message = `The status bar could not be set to the dark style: ${describeError(error)}`;
    console.error(message, error);
    return { kind: 'failed', message };
  }
}
