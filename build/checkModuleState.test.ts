/**
 * The module-state check on small projects written for it: each kind of module-level state it
 * must find, and the per-app and per-test forms it must leave alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { findModuleState } from './checkModuleState.mjs';

const FILES: Record<string, string> = {
  'src/stores/moduleSignal.ts': `import { computed, signal } from '@preact/signals-react';
export const count = signal(0);
export const double = computed(() => count.value * 2);
`,
  'src/stores/perApp.ts': `import { computed, signal } from '@preact/signals-react';
export function createCounter() {
  const count = signal(0);
  return { count, double: computed(() => count.value * 2) };
}
`,
  'src/platform/cache.ts': `let current: string | null = null;
export function port(): string {
  current ??= 'made';
  return current;
}
`,
  'src/rules/registry.ts': `const seen = new Map<string, number>();
const FIXED = new Set(['a', 'b']);
export function note(name: string): boolean {
  seen.set(name, 1);
  return FIXED.has(name);
}
export const TABLE: Record<string, number> = {};
`,
  'src/rules/writesElsewhere.ts': `import { TABLE } from './registry';
export function put(key: string): void {
  TABLE[key] = 1;
}
`,
  'src/rules/shadowed.ts': `const items: number[] = [];
export function fresh(): number[] {
  const items: number[] = [];
  items.push(1);
  return items;
}
export const first = () => items[0];
`,
  'src/engine/atImport.ts': `function check(): void {}
check();
void check;
export const answer = 42;
`,
  'src/components/memo.ts': `function remember<T>(load: () => T) {
  let value: T | null = null;
  return () => (value ??= load());
}
export const views = remember(() => 1);
export function perApp() {
  return remember(() => 2);
}
`,
  'src/journal/slot.ts': `import type { Signal } from '@preact/signals-react';
export interface Recorder { end(): void }
export interface Deps {
  recorder: Signal<Recorder | null>;
  note: Signal<string | null>;
  rows: Signal<readonly number[]>;
}
`,
  'src/main.tsx': `const root = 'root';
console.log(root);
`,
  'src/csv/worker.ts': `self.addEventListener('message', () => {});
`,
  'src/csv/startsWorker.ts': `export const start = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
`,
  'src/app/shared.test.ts': `import { beforeEach, afterEach, it, vi } from 'vitest';
let perTest: number[];
let leaks = 0;
const double = vi.hoisted(() => ({ calls: [] as string[] }));
const kept: string[] = [];
beforeEach(() => {
  perTest = [];
});
afterEach(() => {
  double.calls.length = 0;
});
it('uses them', () => {
  perTest.push(1);
  double.calls.push('x');
  kept.push('y');
  leaks += 1;
});
`,
};

let root: string;
let problems: string[];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'module-state-'));
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', types: [] }, include: ['src'] }));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  problems = findModuleState({ cwd: root });
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const found = (path: string) => problems.filter((p) => p.startsWith(`${path}:`)).map((p) => p.split(': ')[0]!);

describe('the module-state check', () => {
  it('finds signals and computeds made when a module loads, not those a factory makes', () => {
    expect(found('src/stores/moduleSignal.ts')).toEqual(['src/stores/moduleSignal.ts:2', 'src/stores/moduleSignal.ts:3']);
    expect(found('src/stores/perApp.ts')).toEqual([]);
  });

  it('finds a module-level let', () => {
    expect(found('src/platform/cache.ts')).toEqual(['src/platform/cache.ts:1']);
  });

  it('finds module-level constants that are changed, here or in another module, and leaves shadowing locals and unchanged ones alone', () => {
    expect(found('src/rules/registry.ts')).toEqual(['src/rules/registry.ts:4']);
    expect(found('src/rules/writesElsewhere.ts')).toEqual(['src/rules/writesElsewhere.ts:3']);
    expect(found('src/rules/shadowed.ts')).toEqual([]);
  });

  it('finds a statement that runs at import, but not `void name;`', () => {
    expect(found('src/engine/atImport.ts')).toEqual(['src/engine/atImport.ts:2']);
  });

  it('finds a cache a stateful factory makes at module scope, not one it makes per call', () => {
    expect(found('src/components/memo.ts')).toEqual(['src/components/memo.ts:5']);
  });

  it('finds a writable nullable signal of a service handed over, not one of data', () => {
    expect(found('src/journal/slot.ts')).toEqual(['src/journal/slot.ts:4']);
  });

  it('leaves the entry point and the workers src/ starts alone', () => {
    expect(found('src/main.tsx')).toEqual([]);
    expect(found('src/csv/worker.ts')).toEqual([]);
  });

  it('lets a test keep state a beforeEach or afterEach sets back, and nothing else', () => {
    expect(found('src/app/shared.test.ts')).toEqual(['src/app/shared.test.ts:3', 'src/app/shared.test.ts:15']);
  });
});
