/**
 * A SharePort test double: records what was shared and answers as told, so session and UI tests
 * can check the success and failure messages without a browser's share sheet.
 */
import type { SharePort } from '../port';

export interface RecordingSharePort extends SharePort {
  readonly shared: { fileName: string; csv: string }[];
  /** Each `shareFiles` call's files, in order. */
  readonly sharedTogether: { fileName: string; text: string }[][];
  /** Each `shareFile` call's file, as handed over. */
  readonly sharedBlobs: { fileName: string; data: Blob }[];
  /** The result to resolve with, or an error to reject with, from now on. */
  answer: string | Error;
}

export function createRecordingSharePort(answer: string | Error = ''): RecordingSharePort {
  const shared: { fileName: string; csv: string }[] = [];
  const sharedTogether: { fileName: string; text: string }[][] = [];
  const sharedBlobs: { fileName: string; data: Blob }[] = [];
  return {
    shared,
    sharedTogether,
    sharedBlobs,
    answer,
    async shareFile(fileName, data) {
      sharedBlobs.push({ fileName, data });
      if (this.answer instanceof Error) throw this.answer;
      return this.answer;
    },
    async shareFiles(files) {
      sharedTogether.push(files.map((f) => ({ ...f })));
      if (this.answer instanceof Error) throw this.answer;
      return this.answer;
    },
    async shareCsv(fileName, csv) {
      shared.push({ fileName, csv });
      if (this.answer instanceof Error) throw this.answer;
      return this.answer;
    },
  };
}
