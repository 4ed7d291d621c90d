/**
 * A SharePort test double: records what was shared and answers as told, so session and UI tests
 * can check the success and failure messages without a browser's share sheet.
 */
import type { SharePort } from './port';

export interface RecordingSharePort extends SharePort {
  readonly shared: { fileName: string; csv: string }[];
}

/** `answer`: the result to resolve with, or an error to reject with. */
export function createRecordingSharePort(answer: string | Error = ''): RecordingSharePort {
  const shared: { fileName: string; csv: string }[] = [];
  return {
    shared,
    async shareCsv(fileName, csv) {
      shared.push({ fileName, csv });
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}
