/**
 * A debug CSV's bytes in pieces, whatever holds it: a File or any Blob (the Test screen's file
 * input, sliced by bytes, so a file of hours is never one buffer) or a string (tests, text already
 * in memory). The batch command reads files from disk with its own source (cli/fileChunks.ts). Each
 * piece is the reader's until it asks for the next one.
 */
import type { BytePieces } from '../../engine/debugCsvReader';

/** 256 KiB: a piece's rows are at most 32 Ki (the shortest row, `1,0,1,,`, is 8 bytes), so pieces of samples stay small. */
export const CHUNK_BYTES = 1 << 18;

export type ByteChunks = BytePieces;

export function blobChunks(blob: Blob, chunkBytes = CHUNK_BYTES): ByteChunks {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let start = 0; start < blob.size; start += chunkBytes) {
      yield new Uint8Array(await blob.slice(start, start + chunkBytes).arrayBuffer());
    }
  }
  return { size: blob.size, chunks: chunks() };
}

export function stringChunks(text: string, chunkBytes = CHUNK_BYTES): ByteChunks {
  const bytes = new TextEncoder().encode(text);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let start = 0; start < bytes.length; start += chunkBytes) yield bytes.subarray(start, start + chunkBytes);
  }
  return { size: bytes.length, chunks: chunks() };
}
