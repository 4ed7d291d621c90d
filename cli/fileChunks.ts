/**
 * A file's bytes in pieces, read from disk into one buffer reused for every piece: what the debug
 * CSV's reader takes (src/csv, `readDebugCsvPieces`), which copies each piece into the engine's
 * memory before it asks for the next. So a file of hours is never held whole, nor as text.
 */
import { open } from 'node:fs/promises';
import { CHUNK_BYTES, type ByteChunks } from '../src/csv';

export async function fileChunks(path: string): Promise<ByteChunks> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
        if (bytesRead === 0) return;
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      await handle.close();
    }
  }
  return { size, chunks: chunks() };
}
