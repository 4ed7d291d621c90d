/**
 * Fails when a README or a code comment names a file or folder of this repository that does not
 * exist: a claim that went stale when the file moved. Run by `npm test`. Each as file:line and the
 * path.
 *
 * Where it reads:
 * - every Markdown file git knows (tracked, or new and not ignored): its inline code spans, its
 *   links' targets, and in its prose any word with a slash that ends in a file extension of
 *   EXTENSIONS; fenced and indented code blocks are commands, not claims, and are skipped;
 * - the comments of the code git knows under CODE_DIRS and of the configuration files at the top
 *   (TypeScript and JavaScript read by Babel's parser, Rust, shell and TOML): their backticked
 *   spans, and any word with a slash that ends in a file extension. Generated code (`pkg/`,
 *   `src/engine/generated/`) is not read.
 *
 * What counts as a path: a word without spaces, `:` (a URL, `node:fs`, a Rust path), a leading
 * `@` (an npm scope), `/`, `~`, `$` or `-`, and without placeholders or globs (`<name>.ts`,
 * `*.rs`, `{timestamp}`, `…`), that is either
 * - a path with a slash whose first part names a file or folder where it is looked up (so `m/s`,
 *   or another project's `plotly.js/src/…`, claims nothing, but a misspelt file of `rules/` does), or
 * - a bare name that ends in `/` (a folder: `testing/`) or in an extension (a file: `store.ts`).
 * An extension alone (`.csv`) and an npm package of package.json (`react-plotly.js`) are no paths.
 *
 * Where it is looked up: from the folder of the file that names it, from each folder above it up
 * to the repository's root, and from `src/` (where comments and the documents write the app's
 * paths from: `rules/loads.ts`); a path that begins with `./` or `../` only from its file's folder,
 * and as a module specifier it may leave out its extension (`./rustSource`). A
 * bare name is also found as any file or folder of that name in the repository (a comment naming
 * `reps.rs`, the `testing/` folders). A path git ignores (`dist/`, `test-results/e2e/`: made by a
 * build) needs not exist, and one that leaves the repository (the real recordings beside it) is
 * not the repository's to check.
 *
 * usage: node build/checkPathClaims.mjs
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from '@babel/parser';
import { tomlComments } from './checkTimingComments.mjs';
import { rustPieces } from './rustSource.mjs';

/** Folders whose code comments are read (with the configuration files at the top). */
export const CODE_DIRS = ['src', 'cli', 'engine-rs', 'build', 'scripts', 'bench', 'soak', 'tests', 'server', 'docs'];
/** Generated code, whose comments are not ours. */
const GENERATED = /^(?:pkg|src\/engine\/generated)\//;
export const EXTENSIONS = ['ts', 'tsx', 'mjs', 'js', 'json', 'rs', 'md', 'sh', 'toml', 'css', 'html', 'png', 'svg', 'csv', 'lock', 'wasm', 'yml', 'yaml', 'txt'];
const EXT = `(?:${EXTENSIONS.join('|')})`;
/** A word with a slash that ends in an extension, in prose or a comment (not inside a longer word or a URL). */
const SLASHED_FILE = new RegExp(String.raw`(?<![\w./@:\\-])(?:\.{1,2}/)?[\w.-]+(?:/[\w.-]+)+\.${EXT}(?![\w/])`, 'g');
const ENDS_IN_EXTENSION = new RegExp(String.raw`\.${EXT}$`);
const PLACEHOLDER = /[*?<>{}[\]…$|]|\.\.\.|^[@/~$-]|:|\s|^\.{1,2}$|^\.\.?\/?$/;

/**
 * `token` as the path it would claim (without an anchor), or null when it is no path: a
 * placeholder, a glob, a URL, an npm scope, an extension alone (`.csv`), or a bare word that is
 * neither a folder (`testing/`) nor a file with an extension (`store.ts`). Whether a path with a
 * slash is a claim about this repository depends on its first part (see `findPathClaims`).
 */
export function pathOf(token) {
  const path = token.replace(/#[\w-]*$/, '');
  if (path === '' || PLACEHOLDER.test(path) || new RegExp(String.raw`^\.${EXT}$`).test(path)) return null;
  if (path.replace(/\/$/, '').includes('/')) return path;
  return path.endsWith('/') || ENDS_IN_EXTENSION.test(path) ? path : null;
}

/**
 * The path claims in `text` (a comment or a stretch of prose), each as `{ offset, token, backticked }`:
 * its backticked spans, and (outside them) the words with a slash that end in an extension.
 */
export function claimsIn(text) {
  const found = [];
  const spans = [];
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    spans.push([m.index, m.index + m[0].length]);
    found.push({ offset: m.index + 1, token: m[1].trim(), backticked: true });
  }
  for (const m of text.matchAll(SLASHED_FILE)) {
    if (spans.some(([from, to]) => m.index >= from && m.index < to)) continue;
    found.push({ offset: m.index, token: m[0], backticked: false });
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** The prose of Markdown `text` with its code blocks and links' targets blanked (lines kept), and those targets as `{ offset, token }`. */
export function markdownProse(text) {
  let fenced = null;
  const lines = text.split('\n').map((line, k, all) => {
    const fence = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenced !== null) {
      if (fence !== undefined && fence[0] === fenced[0] && fence.length >= fenced.length) fenced = null;
      return ' '.repeat(line.length);
    }
    if (fence !== undefined) {
      fenced = fence;
      return ' '.repeat(line.length);
    }
    const indented = /^( {4}|\t)/.test(line) && (k === 0 || all[k - 1].trim() === '' || /^( {4}|\t)/.test(all[k - 1]));
    return indented ? ' '.repeat(line.length) : line;
  });
  const blanked = lines.join('\n');
  const links = [...blanked.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({ offset: m.index + 2, token: m[1] }));
  // A link's target is read once, as a link.
  const prose = links.reduce((out, { offset, token }) => out.slice(0, offset) + ' '.repeat(token.length) + out.slice(offset + token.length), blanked);
  return { prose, links };
}

/** The comments of a code file, each as `{ line, text }`, or throws when the file cannot be read as its language. */
export function commentsOf(path, text) {
  if (/\.rs$/.test(path)) {
    return rustPieces(text).filter((p) => p.kind.endsWith('comment')).map((p) => ({ line: p.line, text: text.slice(p.start, p.end) }));
  }
  if (/\.toml$/.test(path)) return tomlComments(text);
  if (/\.sh$/.test(path)) {
    return text.split('\n').flatMap((line, k) => {
      const at = line.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, (s) => ' '.repeat(s.length)).search(/(?:^|\s)#(?!!)/);
      return at === -1 || (k === 0 && line.startsWith('#!')) ? [] : [{ line: k + 1, text: line.slice(at) }];
    });
  }
  const plugins = /\.tsx$/.test(path) ? ['typescript', 'jsx'] : /\.m?js$/.test(path) ? [] : ['typescript'];
  const ast = parse(text, { sourceType: 'module', plugins, errorRecovery: true, allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true });
  return ast.comments.map((c) => ({ line: c.loc.start.line, text: c.value }));
}

/** Every path claim under `cwd` that names nothing there, as `file:line: "path" …`. */
export function findPathClaims({ cwd = process.cwd() } = {}) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && !f.startsWith('node_modules/') && existsSync(join(cwd, f)));
  const names = new Set(files.map((f) => posix.basename(f)));
  const packageJson = existsSync(join(cwd, 'package.json')) ? JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) : {};
  const packages = new Set(Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies }));
  const code = files.filter(
    (f) => /\.(?:tsx?|mjs|js|rs|sh|toml)$/.test(f) && !GENERATED.test(f) && (CODE_DIRS.includes(f.split('/')[0]) || !f.includes('/')),
  );
  const markdown = files.filter((f) => f.endsWith('.md'));

  const folders = new Set(files.flatMap((f) => f.split('/').slice(0, -1)));
  /** Where a path named in `file` is looked up: its folder, each folder above it, and `src/`. */
  const bases = (file) => {
    const out = [];
    for (let dir = dirname(file); ; dir = dirname(dir)) {
      out.push(dir);
      if (dir === '.' || dir === '/') return [...out, 'src'];
    }
  };
  const inRepo = (relative) => !normalize(relative).startsWith('..');
  const exists = (relative) => existsSync(join(cwd, relative));
  /** A module specifier names its file without the extension. */
  const existsAsModule = (relative) => exists(relative) || (!ENDS_IN_EXTENSION.test(relative) && ['.ts', '.tsx', '.mjs', '.js', '/index.ts'].some((ext) => exists(relative + ext)));

  const missing = [];
  function check(file, line, token) {
    if (packages.has(token)) return;
    const path = pathOf(token);
    if (path === null) return;
    const candidates = (/^\.\.?\//.test(path) ? [dirname(file)] : bases(file)).map((base) => join(base, path)).filter(inRepo);
    if (candidates.length === 0 || candidates.some(existsAsModule)) return;
    const bare = path.replace(/\/$/, '');
    if (bare.includes('/')) {
      // A path whose first part names nothing here is another project's (`plotly.js/src/…`) or no path (`m/s`).
      const first = bare.split('/')[0];
      if (first !== '.' && first !== '..' && !bases(file).some((base) => exists(join(base, first)))) return;
    } else if (names.has(bare) || folders.has(bare)) return;
    missing.push({ file, line, path, candidates });
  }

  for (const file of markdown) {
    const { prose, links } = markdownProse(readFileSync(join(cwd, file), 'utf8'));
    const lineAt = (offset) => prose.slice(0, offset).split('\n').length;
    for (const { offset, token } of claimsIn(prose)) check(file, lineAt(offset), token);
    for (const { offset, token } of links) if (!/^[a-z][\w+.-]*:|^#/i.test(token)) check(file, lineAt(offset), decodeURI(token));
  }
  const unreadable = [];
  for (const file of code) {
    let comments;
    try {
      comments = commentsOf(file, readFileSync(join(cwd, file), 'utf8'));
    } catch (error) {
      unreadable.push(`${file}: its comments cannot be read (${error.message})`);
      continue;
    }
    for (const comment of comments) {
      for (const { offset, token } of claimsIn(comment.text)) check(file, comment.line + comment.text.slice(0, offset).split('\n').length - 1, token);
    }
  }

  // What a build makes (git ignores it) needs not exist yet.
  const asked = missing.flatMap((m) => m.candidates);
  const answer = asked.length === 0 ? '' : spawnSync('git', ['check-ignore', '--stdin'], { cwd, encoding: 'utf8', input: asked.join('\n') + '\n' }).stdout;
  const ignored = new Set(answer.split('\n').filter(Boolean).map(normalize));
  return [
    ...unreadable,
    ...missing.filter((m) => !m.candidates.some((c) => ignored.has(normalize(c)))).map((m) => `${m.file}:${m.line}: "${m.path}" names no file or folder of the repository`),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = findPathClaims();
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} path(s) named in a README or a comment that do not exist: correct the path, or the sentence (build/checkPathClaims.mjs says what counts as a path).`);
    process.exit(1);
  }
  console.log('checkPathClaims: every path the READMEs and comments name exists');
}
