/**
 * Rows of the log's records as the server keeps them: each record's JSON (log/codec.ts) as text,
 * read back without checking again (only checked records are written).
 */
import { decode, encode } from '../../../src/log/codec';

export function recordText(value: unknown): string {
  return JSON.stringify(encode(value));
}

export function recordOf<T>(text: string): T {
  return decode(JSON.parse(text)) as T;
}
