/**
 * One of the command's output streams, written through a guard: when its reader goes away (a
 * pipe closed early, as `reprocess --json … | head -c 100` closes it) the stream fails with
 * EPIPE, and Node would end the process with an unhandled 'error' and a stack trace. Here the
 * failure is heard once, by `onClosed`, and every later write is dropped: nobody reads them.
 */
export interface Outlet {
  write(text: string): void;
  /** True once the stream has failed or its reader has gone. */
  readonly closed: boolean;
}

/** Whether `error` says the reader went away, which is no fault of the command's. */
export function readerGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/** `onClosed`: called once, with the stream's error, the first time it fails. */
export function outlet(stream: NodeJS.WritableStream, onClosed: (error: Error) => void): Outlet {
  let closed = false;
  const fail = (error: Error) => {
    if (closed) return;
    closed = true;
    onClosed(error);
  };
  stream.on('error', fail);
  return {
    write(text) {
      if (!closed) stream.write(text);
    },
    get closed() {
      return closed;
    },
  };
}
