/**
 * A SharePort test double: records what was shared and answers as told, so session and UI tests
 * can check the success and failure messages without a browser's share sheet.
 */
import type { SharePort } from '../port';

export interface RecordingSharePort extends SharePort {
  readonly shared: { fileName: string; csv: string }[];
  /** The result to resolve with, or an error to reject with, from now on. */
  answer: string | Error;
}

export function createRecordingSharePort(answer: string | Error = ''): RecordingSharePort {
  const shared: { fileName: string; csv: string }[] = [];
  return {
    shared,
    answer,
    async shareCsv(fileName, csv) {
      shared.push({ fileName, csv });
      if (this.answer instanceof Error) throw this.answer;
      return this.answer;
    },
  };
}
