/**
 * Reads a File (or a string) as text in fixed-size pieces (CHUNK_SIZE), so a session CSV of an
 * hour's raw samples (about 30 MB) is never decoded in one go and the caller can report progress
 * between pieces. (A debug CSV is read as bytes by the engine's reader: debugImport/.)
 *
 * A File is sliced by bytes and decoded with a streaming TextDecoder, so a multi-byte character
 * (the µ and ² of the debug header) split across two slices still decodes correctly. Invalid
 * UTF-8 is an error, not replacement characters.
 */
import { DebugCsvError } from './debugImport/debugCsvError';

/**
 * 64 KiB: each piece's strings (the text, and the lines cut from it) stay small enough to die
 * young in V8's young generation; pieces of 1 MiB would be large objects, kept until a full
 * collection.
 */
export const CHUNK_SIZE = 1 << 16;

export interface TextChunk {
  text: string;
  /** Share of the input read so far, 0–1. */
  fraction: number;
}

export async function* textChunks(input: Blob | string, chunkSize = CHUNK_SIZE): AsyncGenerator<TextChunk> {
  if (typeof input === 'string') {
    for (let start = 0; start < input.length; start += chunkSize) {
      const end = Math.min(input.length, start + chunkSize);
      yield { text: input.slice(start, end), fraction: end / input.length };
    }
    return;
  }
  const unicode = byteOrder(new Uint8Array(await input.slice(0, 4).arrayBuffer()));
  if (unicode !== null) throw new DebugCsvError(`the file is ${unicode} text; save it as UTF-8 (a spreadsheet's "CSV UTF-8") and import it again`);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let start = 0; start < input.size; start += chunkSize) {
    const end = Math.min(input.size, start + chunkSize);
    const bytes = await input.slice(start, end).arrayBuffer();
    yield { text: decode(decoder, bytes, end < input.size), fraction: end / input.size };
  }
}

/** The encoding a byte-order mark other than UTF-8's names, or null. */
function byteOrder(head: Uint8Array): string | null {
  const [a, b, c, d] = head;
  if (a === 0xff && b === 0xfe) return c === 0 && d === 0 ? 'UTF-32 (little-endian)' : 'UTF-16 (little-endian)';
  if (a === 0xfe && b === 0xff) return 'UTF-16 (big-endian)';
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return 'UTF-32 (big-endian)';
  return null;
}

function decode(decoder: TextDecoder, bytes: ArrayBuffer, more: boolean): string {
  try {
    return decoder.decode(bytes, { stream: more });
  } catch (cause) {
    throw new DebugCsvError(`the file is not UTF-8 text (${String(cause)})`);
  }
}
