import sonicBoom, { type SonicBoom } from "sonic-boom";

// The package is CommonJS: its class is a property of what it exports, not a named export Node can see.
const { SonicBoom: Destination } = sonicBoom;

/** A log line is written at most this late. */
const FLUSH_INTERVAL_MS = 100;
/** Lines are gathered until there is this much to write. */
const BATCH_BYTES = 4096;

let standardOutput: SonicBoom | undefined;

/**
 * Where a service's log lines go unless it is given a stream: standard output, written in batches of at least
 * BATCH_BYTES and at most FLUSH_INTERVAL_MS late, so that a line does not cost a write of its own; what is left is
 * written when the process exits (not after SIGKILL). One per process, however many services it runs.
 */
export function logDestination(): SonicBoom {
  if (!standardOutput) {
    const destination = new Destination({ fd: 1, minLength: BATCH_BYTES });
    setInterval(() => destination.flush(), FLUSH_INTERVAL_MS).unref();
    process.once("exit", () => {
      try {
        destination.flushSync();
      } catch {
        // Nothing more can be done for standard output as the process ends (a closed pipe, say).
      }
    });
    standardOutput = destination;
  }
  return standardOutput;
}
