/**
 * A debug CSV's bytes in pieces, whatever holds it: a File or any Blob (the Test screen's file
 * input, streamed, so a file of hours is never one buffer) or a string (tests, text already in
 * memory). The batch command reads files from disk with its own source (cli/fileChunks.ts). Each
 * piece is the reader's until it asks for the next one.
 */
import type { BytePieces } from '../../engine/debugCsvReader';

/** 256 KiB: a piece's rows are at most 32 Ki (the shortest row, `1,0,1,,`, is 8 bytes), so pieces of samples stay small. */
export const CHUNK_BYTES = 1 << 20;

export type ByteChunks = BytePieces;

/**
 * A Blob's bytes as its stream gives them: a browser reads a File or Blob in another process, and
 * its stream keeps reading ahead while the reader reads, where slices read one after the other
 * would each wait (Chromium: a third of the import's time). Pieces are `chunkBytes` at most; a
 * Blob without `stream()` (Safari before 14.1, the iOS app's WebView on iOS 14.0–14.4) is read
 * in slices of that size.
 */
export function blobChunks(blob: Blob, chunkBytes = CHUNK_BYTES): ByteChunks {
  async function* streamed(): AsyncGenerator<Uint8Array> {
    const reader = blob.stream().getReader();
    try {
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        // A stream may hand over much at once (Node's, a whole Blob in memory): pieces of chunkBytes at most.
        for (let at = 0; at < part.value.length; at += chunkBytes) yield part.value.subarray(at, at + chunkBytes);
      }
    } finally {
      reader.releaseLock();
    }
  }
  async function* sliced(): AsyncGenerator<Uint8Array> {
    for (let start = 0; start < blob.size; start += chunkBytes) yield new Uint8Array(await blob.slice(start, start + chunkBytes).arrayBuffer());
  }
  return { size: blob.size, chunks: typeof blob.stream === 'function' ? streamed() : sliced() };
}

export function stringChunks(text: string, chunkBytes = CHUNK_BYTES): ByteChunks {
  const bytes = new TextEncoder().encode(text);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let start = 0; start < bytes.length; start += chunkBytes) yield bytes.subarray(start, start + chunkBytes);
  }
  return { size: bytes.length, chunks: chunks() };
}
