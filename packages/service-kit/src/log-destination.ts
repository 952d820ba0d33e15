import sonicBoom, { type SonicBoom } from "sonic-boom";

// The package is CommonJS: its class is a property of what it exports, not a named export Node can see.
const { SonicBoom: Destination } = sonicBoom;

/** A log line is written at most this late. */
const FLUSH_INTERVAL_MS = 100;
/** Lines are gathered until there is this much to write (characters, near enough bytes for log lines). */
const BATCH_CHARACTERS = 16 * 1024;
/**
 * sonic-boom writes on its own only once this much is waiting: a reader of standard output that stops reading, for
 * example. Otherwise it writes when a batch is handed to it.
 */
const MOST_HELD_BYTES = 1024 * 1024;

/** Where a service's log lines go: pino writes its lines here, and RequestLog its completed lines. */
export interface LogDestination {
  write(line: string): boolean;
  flushSync(): void;
}

/**
 * Lines gathered in batches in front of sonic-boom, which then writes each batch in one asynchronous write. Given
 * the lines one by one, sonic-boom measures the text it holds on every line (a byte count of all of it), which made
 * each line of a busy service cost microseconds.
 */
class LineBatches implements LogDestination {
  private lines: string[] = [];
  private characters = 0;

  constructor(private readonly destination: SonicBoom) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.characters += line.length;
    if (this.characters >= BATCH_CHARACTERS) this.flush();
    return true;
  }

  /** Hands the gathered lines to sonic-boom and has it write them. */
  flush(): void {
    if (this.handOver()) this.destination.flush();
  }

  /** Writes everything at once, before the process ends. */
  flushSync(): void {
    this.handOver();
    this.destination.flushSync();
  }

  /** Gives sonic-boom the gathered lines as one text; false when there were none. */
  private handOver(): boolean {
    if (!this.lines.length) return false;
    this.destination.write(this.lines.join(""));
    this.lines = [];
    this.characters = 0;
    return true;
  }
}

let standardOutput: LineBatches | undefined;

/**
 * Where a service's log lines go unless it is given a stream: standard output, in batches of about
 * BATCH_CHARACTERS and at most FLUSH_INTERVAL_MS late; what is left is written when the process exits (not after
 * SIGKILL). One per process, however many services it runs.
 */
export function logDestination(): LogDestination {
  if (!standardOutput) {
    const batches = new LineBatches(
      new Destination({ fd: 1, minLength: MOST_HELD_BYTES - 1, maxWrite: MOST_HELD_BYTES }),
    );
    setInterval(() => batches.flush(), FLUSH_INTERVAL_MS).unref();
    process.once("exit", () => {
      try {
        batches.flushSync();
      } catch {
        // Nothing more can be done for standard output as the process ends (a closed pipe, say).
      }
    });
    standardOutput = batches;
  }
  return standardOutput;
}
