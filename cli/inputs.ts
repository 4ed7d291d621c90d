/**
 * The files the command's inputs stand for. A file stands for itself; a folder for the .csv files
 * directly inside it, in name order, symbolic links to files included (a folder of recordings
 * is often a folder of links into where they are kept). A link that leads nowhere (its target is
 * missing) or round in a loop is named as a problem of its own, like any file that cannot be
 * read, and the other files are still processed.
 *
 * Which links in a folder are its .csv files: those whose own name ends in .csv, as a listing
 * shows them, and those whose target's name does (`latest -> 2026-03-01.csv`). A link to a folder
 * is not followed: a folder stands for the files directly inside it.
 */
import { lstat, readdir, readlink, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** What one input stands for: the files to process, and the problems found on the way (by path). */
export interface Expanded {
  files: string[];
  problems: { path: string; problem: string }[];
}

const CSV = /\.csv$/i;

export async function expandInput(input: string): Promise<Expanded> {
  const info = await stat(input).catch(async (error: NodeJS.ErrnoException) => {
    throw new Error(await unreachable(input, error));
  });
  if (!info.isDirectory()) return { files: [input], problems: [] };
  const entries = (await readdir(input, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const found: Expanded = { files: [], problems: [] };
  for (const entry of entries) {
    const path = join(input, entry.name);
    if (entry.isFile()) {
      if (CSV.test(entry.name)) found.files.push(path);
    } else if (entry.isSymbolicLink()) {
      await followLink(path, found);
    }
  }
  if (found.files.length === 0 && found.problems.length === 0) throw new Error('the folder holds no .csv files');
  return found;
}

async function followLink(path: string, found: Expanded): Promise<void> {
  const target = await readlink(path);
  const named = CSV.test(basename(path)) || CSV.test(basename(target));
  try {
    if ((await stat(path)).isFile() && named) found.files.push(path);
  } catch (error) {
    if (named) found.problems.push({ path, problem: await unreachable(path, error as NodeJS.ErrnoException) });
  }
}

/** Why `path` cannot be reached, in words: a missing file, a link to nothing, a loop of links. */
async function unreachable(path: string, error: NodeJS.ErrnoException): Promise<string> {
  if (error.code === 'ELOOP') return 'a loop of symbolic links (it leads back to itself)';
  if (error.code !== 'ENOENT') return error.message;
  const link = await lstat(path).then(
    (info) => info.isSymbolicLink(),
    () => false,
  );
  if (!link) return 'no such file or folder';
  return `a symbolic link to ${await readlink(path)}, which does not exist`;
}
