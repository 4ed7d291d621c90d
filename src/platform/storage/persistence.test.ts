import { describe, expect, it } from 'vitest';
import { createWebPersistence } from './persistence';

describe('the web persistence port', () => {
  it('asks the Storage API and passes its answers on', async () => {
    let kept = false;
    const port = createWebPersistence({ persisted: async () => kept, persist: async () => (kept = true) });
    expect(await port.persisted()).toBe(false);
    expect(await port.persist()).toBe(true);
    expect(await port.persisted()).toBe(true);
  });

  it('says it cannot tell where the browser has no Storage API, or it fails', async () => {
    expect(await createWebPersistence(undefined).persisted()).toBeNull();
    const failing = createWebPersistence({ persisted: () => Promise.reject(new Error('no')), persist: () => Promise.reject(new Error('no')) });
    expect([await failing.persisted(), await failing.persist()]).toEqual([null, null]);
  });
});
