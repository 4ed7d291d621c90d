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
 * - Several files (an athlete's sessions) are written to the cache one by one and handed to one
 *   share sheet as `files`; a file that cannot be written stops the share before the sheet opens.
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

/** Bytes of a Blob written to the cache a slice at a time (base64, as the plugin carries bytes), never as one string. */
const SLICE_BYTES = 3 * 1024 * 1024;

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Writes the files to the cache and hands them to one share sheet (several files go as `files`). */
async function shareThroughPlugins(files: readonly ({ fileName: string; text: string } | { fileName: string; data: Blob })[]): Promise<string> {
  const [{ Share }, { Filesystem, Directory, Encoding }] = await Promise.all([import('@capacitor/share'), import('@capacitor/filesystem')]);
  if (!(await Share.canShare()).value) throw new Error('This device offers no app to share the file with');
  const uris: string[] = [];
  for (const file of files) {
    const { fileName } = file;
    const failed = (error: unknown) => {
      throw isPluginMissing(error) ? error : new Error(`Could not write ${fileName} to the cache: ${describeError(error)}`, { cause: error });
    };
    if ('text' in file) {
      uris.push((await Filesystem.writeFile({ path: fileName, data: file.text, directory: Directory.Cache, encoding: Encoding.UTF8 }).catch(failed)).uri);
      continue;
    }
    const slice = async (at: number) => base64Of(new Uint8Array(await file.data.slice(at, at + SLICE_BYTES).arrayBuffer()));
    uris.push((await Filesystem.writeFile({ path: fileName, data: await slice(0), directory: Directory.Cache }).catch(failed)).uri);
    for (let at = SLICE_BYTES; at < file.data.size; at += SLICE_BYTES) await Filesystem.appendFile({ path: fileName, data: await slice(at), directory: Directory.Cache }).catch(failed);
  }
  const title = files.length === 1 ? files[0]!.fileName : `${files.length} files`;
  const where = files.length === 1 ? { url: uris[0] } : { files: uris };
  const { activityType } = await Share.share({ title, text: SHARE_TEXT, ...where, dialogTitle: SHARE_DIALOG_TITLE });
  return activityType ?? '';
}

/** `web` builds the browser's port, used when a plugin is missing on this platform. */
export function createNativeSharePort(web: () => SharePort): SharePort {
  return {
    async shareCsv(fileName, csv) {
      assertPlainFileName(fileName);
      try {
        return await shareThroughPlugins([{ fileName, text: csv }]);
      } catch (error) {
        if (isPluginMissing(error)) return web().shareCsv(fileName, csv);
        throw error;
      }
    },
    async shareFile(fileName, data) {
      assertPlainFileName(fileName);
      try {
        return await shareThroughPlugins([{ fileName, data }]);
      } catch (error) {
        if (isPluginMissing(error)) return web().shareFile(fileName, data);
        throw error;
      }
    },
    async shareFiles(files) {
      if (files.length === 0) throw new Error('There is no file to share');
      files.forEach((f) => assertPlainFileName(f.fileName));
      try {
        return await shareThroughPlugins(files);
      } catch (error) {
        if (isPluginMissing(error)) return web().shareFiles(files);
        throw error;
      }
    },
  };
}
