/**
 * Every section of docs/behaviour.md a comment cites exists: `docs/behaviour.md §N`, with or
 * without a quoted phrase after it, and lists and ranges of sections (`§2, §4, §9`, `§4–§5`,
 * `§2 and §3`), in the code, tests, build and benchmark files of the project.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SCANNED = ['src', 'cli', 'engine-rs/src', 'build', 'bench', 'soak', 'tests'];
const TEXT = /\.(tsx?|mjs|js|rs|md|sh)$/;

/** The numbers of the sections of docs/behaviour.md (`## §N Title`). */
function sectionsOf(doc: string): Set<number> {
  return new Set([...doc.matchAll(/^## §(\d+)\b/gm)].map((m) => Number(m[1])));
}

/** Each section `text` cites, with the line it is cited on. */
function citationsIn(text: string): { line: number; section: number }[] {
  const found: { line: number; section: number }[] = [];
  const citation = /behaviour\.md`?\s*((?:§\d+)(?:(?:\s*,\s*|\s*[–-]\s*|\s+(?:and|or)\s+)§\d+)*)/g;
  for (const match of text.matchAll(citation)) {
    const line = text.slice(0, match.index).split('\n').length;
    const list = match[1]!;
    for (const [, from, to] of list.matchAll(/§(\d+)(?:\s*[–-]\s*§(\d+))?/g)) {
      for (let n = Number(from); n <= Number(to ?? from); n++) found.push({ line, section: n });
    }
  }
  return found;
}

describe('citations of docs/behaviour.md', () => {
  it('read every form the comments use', () => {
    const text = ['// docs/behaviour.md §3 "Workout settings"', ' * (docs/behaviour.md §2, §4, §9) as', '`docs/behaviour.md` §3), their', 'docs/behaviour.md §4–§5: what', 'docs/behaviour.md §2 and §3 use', 'behaviour.md has no section here'].join('\n');
    expect(citationsIn(text)).toEqual([
      { line: 1, section: 3 },
      { line: 2, section: 2 },
      { line: 2, section: 4 },
      { line: 2, section: 9 },
      { line: 3, section: 3 },
      { line: 4, section: 4 },
      { line: 4, section: 5 },
      { line: 5, section: 2 },
      { line: 5, section: 3 },
    ]);
  });

  it('name only sections that exist', () => {
    const sections = sectionsOf(readFileSync('docs/behaviour.md', 'utf8'));
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...SCANNED], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => TEXT.test(f));
    const missing = files.flatMap((file) =>
      citationsIn(readFileSync(file, 'utf8'))
        .filter(({ section }) => !sections.has(section))
        .map(({ line, section }) => `${file}:${line} cites §${section}`),
    );
    expect(sections.size).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
