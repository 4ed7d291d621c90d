import { describe, expect, it } from 'vitest';
import { UnitEmitter } from './emitter';

describe('the unit event emitter', () => {
  it('calls every listener and stops calling one that unsubscribed', () => {
    const emitter = new UnitEmitter();
    const seen: string[] = [];
    const off = emitter.on('disconnected', (r) => seen.push(`a:${r}`));
    emitter.on('disconnected', (r) => seen.push(`b:${r}`));
    emitter.emit('disconnected', 'user');
    off();
    emitter.emit('disconnected', 'device');
    expect(seen).toEqual(['a:user', 'b:user', 'b:device']);
  });

  it('keeps calling the other listeners when one throws, and rethrows its error on a fresh microtask', async () => {
    const emitter = new UnitEmitter();
    const seen: number[] = [];
    emitter.on('samples', () => {
      throw new Error('chart broke');
    });
    emitter.on('samples', (s) => seen.push(...s.timeUs));
    const uncaught = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    emitter.emit('samples', { timeUs: [1], angleDeg: [0] });
    expect(seen).toEqual([1]);
    await expect(uncaught).resolves.toMatchObject({ message: 'chart broke' });
  });
});
