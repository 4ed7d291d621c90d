/**
 * The share port in the native shell (docs/behaviour.md §4 "CSV export", §7): the CSV is written as UTF-8
 * into the app's cache directory with @capacitor/filesystem, then handed to the system share
 * sheet with @capacitor/share, whose answer (the activity the user picked) becomes the
 * "Metrics shared …" result. A WebView can neither share files through the Web Share API nor
 * download a blob, so the web port is no substitute when the plugins work.
 *
 * Order of calls: `Share.canShare()` first (docs/behaviour.md §7: check availability), then the cache file,
 * then `Share.share({ title, text, url, dialogTitle: 'Share with buddies' })`.
 *
 * Decisions where the product rules are silent:
 * - title is the file name (as in the browser), text says what the file is, url is the cache
 *   file's native URI.
 * - A plugin the platform does not implement (UNIMPLEMENTED / UNAVAILABLE) hands the whole
 *   export to the web port (Web Share or download). `canShare()` answering false is not a missing
 *   plugin but a device without a share target: that fails with a clear message instead, since
 *   a WebView download would silently do nothing.
 * - The cache file keeps the export's own name, so the receiving app shows that name; a name
 *   that would leave the cache directory (a path separator, `..`) is refused.
 * - The file stays in the cache: the share sheet may still be reading it after `share()`
 *   resolves, and the operating system clears the cache directory when it needs the room.
 * - A cancelled share sheet rejects (the plugin says "Share canceled"), reported like any other
 *   failure, as in the browser.
 */
import type { SharePort } from './port';
import { isPluginMissing } from '../pluginErrors';
import { describeError } from '../../shared/describeError';

export const SHARE_DIALOG_TITLE = 'Share with buddies';
export const SHARE_TEXT = 'Repline workout metrics (CSV)';

function assertPlainFileName(fileName: string): void {
  if (fileName === '' || /[/\\]/.test(fileName) || fileName === '.' || fileName === '..') {
    throw new Error(`Cannot share "${fileName}": a file name may not be empty or contain a path`);
  }
}

async function shareThroughPlugins(fileName: string, csv: string): Promise<string> {
  const [{ Share }, { Filesystem, Directory, Encoding }] = await Promise.all([import('@capacitor/share'), import('@capacitor/filesystem')]);
  if (!(await Share.canShare()).value) throw new Error('This device offers no app to share the file with');
  const { uri } = await Filesystem.writeFile({ path: fileName, data: csv, directory: Directory.Cache, encoding: Encoding.UTF8 }).catch((error: unknown) => {
    throw isPluginMissing(error) ? error : new Error(`Could not write ${fileName} to the cache: ${describeError(error)}`, { cause: error });
  });
  const { activityType } = await Share.share({ title: fileName, text: SHARE_TEXT, url: uri, dialogTitle: SHARE_DIALOG_TITLE });
  return activityType ?? '';
}

/** `web` builds the browser's port, used when a plugin is missing on this platform. */
export function createNativeSharePort(web: () => SharePort): SharePort {
  return {
    async shareCsv(fileName, csv) {
      assertPlainFileName(fileName);
      try {
        return await shareThroughPlugins(fileName, csv);
      } catch (error) {
        if (isPluginMissing(error)) return web().shareCsv(fileName, csv);
        throw error;
      }
    },
  };
}
