/**
 * The path-claim check on a repository written for it: the stale paths of READMEs and comments it
 * must find, and the words that look like paths but claim nothing it must leave alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { claimsIn, commentsOf, findPathClaims, markdownProse, pathOf } from './checkPathClaims.mjs';

const root = mkdtempSync(join(tmpdir(), 'path-claims-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A git repository of `files` (path → text), for the check to list. */
function repo(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

const tokens = (text: string): string[] => claimsIn(text).map((c: { token: string }) => c.token);

describe('what counts as a path', () => {
  it('takes backticked words and, outside backticks, words with a slash that end in an extension', () => {
    expect(tokens('See `store.ts` and rules/loads.ts, then `npm run bench` and m/s; https://example.com/a/b.ts is a URL.')).toEqual(['store.ts', 'rules/loads.ts', 'npm run bench']);
  });

  it('leaves placeholders, globs, URLs, scopes, Rust paths and lone extensions out', () => {
    const none = ['src/stores/<name>.ts', 'engine-rs/src/**/*.rs', 'Repline-backup-{timestamp}.json', '…-{athlete}.csv', '@preact/signals-react', 'node:fs', 'crate::settings::HZ', '~/.cargo/bin', '/usr/bin/chromium', '.csv', '--out dir', 'velocity'];
    expect(none.map(pathOf)).toEqual(none.map(() => null));
    expect(['store.ts', 'testing/', 'rules/loads.ts', 'src/journal/', 'm/s', '../index', 'ARCHITECTURE.md#folders'].map(pathOf)).toEqual(['store.ts', 'testing/', 'rules/loads.ts', 'src/journal/', 'm/s', '../index', 'ARCHITECTURE.md']);
  });

  it('reads Markdown prose and links, not its code blocks', () => {
    const md = 'Intro with `a/b.ts`.\n\n    npm run x -- `c/d.ts`\n\n```sh\ncat e/f.ts\n```\n\nA [link](docs/g.md "title") and ![pic](h/i.png).\n';
    const { prose, links } = markdownProse(md);
    expect(tokens(prose)).toEqual(['a/b.ts']);
    expect(links.map((l: { token: string }) => l.token)).toEqual(['docs/g.md', 'h/i.png']);
  });

  it("reads each language's comments, not its strings", () => {
    const ts = "// see `a/one.ts`\nconst s = '// not/a_comment.ts';\nconst r = /\\/\\/ x/;\n/** and b/two.ts */\n";
    expect(commentsOf('x.ts', ts).map((c: { text: string }) => c.text.trim())).toEqual(['see `a/one.ts`', '* and b/two.ts']);
    expect(commentsOf('x.rs', 'let s = "// no"; // c/three.rs\n').map((c: { text: string }) => c.text)).toEqual(['// c/three.rs']);
    expect(commentsOf('x.sh', '#!/bin/bash\necho "# no" # d/four.sh\n# e/five.sh\n').map((c: { line: number; text: string }) => `${c.line}${c.text}`)).toEqual(['2 # d/four.sh', '3# e/five.sh']);
  });
});

describe('the check over a repository', () => {
  it('names each stale path with its file and line, and passes the ones that exist', () => {
    const dir = repo('stale', {
      'README.md': '# R\n\nThe journal (`src/journal/`, `src/journal/store.ts`) and `src/journal/gone.ts`;\nrules in rules/loads.ts and rules/moved.ts.\n',
      'src/journal/store.ts': '',
      'src/journal/README.md': 'Beside it: `store.ts`, `testing/`, `missing.ts`.\n',
      'src/journal/testing/fixture.json': '{}',
      'src/rules/loads.ts': '/** Read by journal/store.ts and journal/team.ts. */\nexport const x = 1;\n',
      'engine-rs/src/lib.rs': '//! See `reps.rs` and `src/resample.rs`.\n',
      'engine-rs/src/reps.rs': '',
      'scripts/run.sh': '#!/bin/bash\n# Calls scripts/gone.sh\n',
    });
    expect(findPathClaims({ cwd: dir })).toEqual([
      'README.md:3: "src/journal/gone.ts" names no file or folder of the repository',
      'README.md:4: "rules/moved.ts" names no file or folder of the repository',
      'src/journal/README.md:1: "missing.ts" names no file or folder of the repository',
      'engine-rs/src/lib.rs:1: "src/resample.rs" names no file or folder of the repository',
      'scripts/run.sh:2: "scripts/gone.sh" names no file or folder of the repository',
      'src/rules/loads.ts:1: "journal/team.ts" names no file or folder of the repository',
    ]);
  });

  it('lets a path be what a build makes (git ignores it), outside the repository, or another project', () => {
    const dir = repo('quiet', {
      '.gitignore': 'dist/\n',
      'README.md': 'Built into `dist/` (`dist/index.html`); recordings in `../shared/data/real/`; plotly.js/src/x.js; `m/s`; `react-plotly.js`.\n',
      'package.json': JSON.stringify({ dependencies: { 'react-plotly.js': '4' } }),
      'src/a/index.ts': '',
      'src/a/b/c.ts': '/** See `../index` and `./d`. */\n',
      'src/a/b/d.ts': '',
    });
    expect(findPathClaims({ cwd: dir })).toEqual([]);
  });

  it("passes this project's READMEs and comments", () => {
    expect(findPathClaims()).toEqual([]);
  });
});
