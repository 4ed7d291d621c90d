import { describe, expect, it } from 'vitest';
import { inOrder } from './inOrder';

describe('inOrder', () => {
  it('emits each value once all before it have arrived, in index order', () => {
    const emitted: string[] = [];
    const put = inOrder<string>((value, index) => emitted.push(`${index}:${value}`));
    put(2, 'c');
    put(1, 'b');
    expect(emitted).toEqual([]);
    put(0, 'a');
    expect(emitted).toEqual(['0:a', '1:b', '2:c']);
    put(4, 'e');
    put(3, 'd');
    expect(emitted).toEqual(['0:a', '1:b', '2:c', '3:d', '4:e']);
  });

  it('emits undefined values too (a value, not a gap)', () => {
    const emitted: unknown[] = [];
    const put = inOrder<undefined>((value, index) => emitted.push([index, value]));
    put(1, undefined);
    put(0, undefined);
    expect(emitted).toEqual([[0, undefined], [1, undefined]]);
  });
});
