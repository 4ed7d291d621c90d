import { describe, expect, it } from 'vitest';
import { checkEngineLayout } from './wasmEngine';

describe('the wasm facade', () => {
  it('reads the records in the layout the engine in pkg/ writes them', () => {
    expect(() => checkEngineLayout()).not.toThrow();
  });
});
