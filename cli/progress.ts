/**
 * The batch command's progress bar on stderr (cli-progress), drawn only when stderr is a
 * terminal, so logs and pipes stay clean. Output written while the bar is up (a summary table on
 * stdout, an error on stderr) would land in the middle of the bar's line: `print` takes the bar
 * down, writes, and puts it back.
 */
import { Presets, SingleBar } from 'cli-progress';

export interface Progress {
  /** Sets the work done so far, in the units given by `total`. */
  update(done: number): void;
  /** Writes text with the bar out of the way. */
  print(write: () => void): void;
  stop(): void;
}

export function startProgress(stream: NodeJS.WriteStream, total: number, enabled: boolean): Progress {
  if (!enabled || !stream.isTTY) {
    return { update: () => {}, print: (write) => write(), stop: () => {} };
  }
  const bar = new SingleBar(
    { stream, format: 'reprocess [{bar}] {percentage}% | ETA {eta_formatted}', clearOnComplete: true, hideCursor: true },
    Presets.shades_classic,
  );
  let done = 0;
  bar.start(total, 0);
  return {
    update(value) {
      done = value;
      bar.update(value);
    },
    print(write) {
      bar.stop();
      write();
      bar.start(total, done);
    },
    stop: () => bar.stop(),
  };
}
