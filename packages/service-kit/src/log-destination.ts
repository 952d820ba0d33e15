import pino from "pino";

/** Bytes gathered before a write; a line waits at most `FLUSH_EVERY_MS` for the rest. */
const BATCH_BYTES = 4096;
const FLUSH_EVERY_MS = 100;

/**
 * Standard output for the services' JSON log lines, written in batches. Written one at a time, each request's
 * line cost an asynchronous write of its own (a round trip through libuv's thread pool), about a tenth of a
 * proxied request's CPU in a profile (docs/performance.md). Every line is still written, at most
 * `FLUSH_EVERY_MS` late; pino writes what is left synchronously when the process exits.
 */
export function batchedStandardOutput(): { stream: pino.DestinationStream; stop: () => void } {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  const flush = () => {
    // Flushing a stream already ended (the process exiting) throws.
    if (!("destroyed" in destination && destination.destroyed)) destination.flush();
  };
  const timer = setInterval(flush, FLUSH_EVERY_MS);
  timer.unref();
  return {
    stream: destination,
    stop: () => {
      clearInterval(timer);
      flush();
    },
  };
}
