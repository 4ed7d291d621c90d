import { describe, expect, it } from 'vitest';
import { createGattQueue } from './gattQueue';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('the GATT queue', () => {
  it('runs one operation at a time, in call order', async () => {
    const queue = createGattQueue();
    let inFlight = 0;
    let most = 0;
    const order: number[] = [];
    const op = (n: number) => async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await tick();
      order.push(n);
      inFlight--;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4].map((n) => queue.run(op(n))));
    expect(results).toEqual([1, 2, 3, 4]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(most).toBe(1);
  });

  it('rejects only the caller of a failing operation and runs the next one', async () => {
    const queue = createGattQueue();
    const failing = queue.run(async () => {
      await tick();
      throw new Error('read failed');
    });
    const next = queue.run(async () => 'ran');
    await expect(failing).rejects.toThrow('read failed');
    await expect(next).resolves.toBe('ran');
  });

  it('treats an operation that throws synchronously like a failing one', async () => {
    const queue = createGattQueue();
    const failing = queue.run(() => {
      throw new Error('bad call');
    });
    await expect(failing).rejects.toThrow('bad call');
    await expect(queue.run(async () => 1)).resolves.toBe(1);
  });
});
