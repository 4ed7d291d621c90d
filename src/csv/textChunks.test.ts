import { describe, expect, it } from 'vitest';
import { textChunks } from './textChunks';

describe('textChunks', () => {
  it('decodes a character whose UTF-8 bytes straddle two read pieces', async () => {
    const text = 'Date,2025-06-01\nTime (µs),Angle (°)\n100,0\n';
    const pieces: string[] = [];
    for await (const { text: piece } of textChunks(new File([text], 'x.csv'), 1)) pieces.push(piece);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBe(new TextEncoder().encode(text).length);
  });
});
