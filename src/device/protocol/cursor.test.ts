import { describe, expect, it } from 'vitest';
import { Cursor, WriteCursor } from './cursor';

describe('the little-endian cursor', () => {
  it('reads consecutive fields little-endian', () => {
    const c = new Cursor(new Uint8Array([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07]));
    expect(c.uint32('a')).toBe(0x04030201);
    expect(c.uint16('b')).toBe(0x0605);
    expect(c.uint8('c')).toBe(0x07);
    expect(c.remaining).toBe(0);
  });

  it('respects the byte offset of a view into a larger buffer', () => {
    const buffer = new Uint8Array([0xff, 0x00, 0x00, 0xb5, 0x42, 0xff]);
    expect(new Cursor(buffer.subarray(1, 5)).float32('angle')).toBe(90.5);
  });

  it('names the field and offset when a read runs past the end', () => {
    const c = new Cursor(new Uint8Array([1, 2, 3, 4, 5]));
    c.uint32('first');
    expect(() => c.float32('time')).toThrow('Cannot read time: 4 bytes needed at offset 4, 1 left');
  });

  it('refuses to write past the end of its buffer', () => {
    const w = new WriteCursor(6);
    w.float32(1);
    expect(() => w.uint32(2)).toThrow(RangeError);
  });
});
