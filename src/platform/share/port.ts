/**
 * The seam between the CSV export and whatever the platform offers for handing a file to the
 * user: the Web Share API or a download in a browser, the share sheet with a cache file in the
 * native shell. Session code calls a port and never touches `navigator` or a plugin itself.
 */

export interface SharePort {
  /**
   * Hands a UTF-8 text file to the user: a CSV export, or the log's backup (`.json`). Resolves with
   * the share result the "Metrics shared" message is made from (docs/behaviour.md §8): the activity
   * the user picked, '' when the platform does not say, or 'web' for a download. Rejects with the
   * platform's error (including a cancelled share sheet).
   */
  shareCsv(fileName: string, csv: string): Promise<string>;
  /**
   * Hands several UTF-8 text files to the user at once (an athlete's sessions, one CSV each): one
   * share sheet for all of them where the platform takes several files, otherwise one download
   * each. One call, because a browser lets a page share only once per tap: a second `share()`
   * after the first would be refused. Resolves and rejects as `shareCsv` does.
   */
  shareFiles(files: readonly { fileName: string; text: string }[]): Promise<string>;
  /**
   * Hands over a file already made as a Blob (the log's backup, which may be larger than a string
   * can be): its bytes go as they are, never joined into one string. Resolves and rejects as
   * `shareCsv` does.
   */
  shareFile(fileName: string, data: Blob): Promise<string>;
}
