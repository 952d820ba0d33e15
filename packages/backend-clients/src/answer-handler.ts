import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import { type Dispatcher, errors } from "undici";

/** A backend's answer as its status and headers arrive: the receiver takes its body whole, as a stream, or not at all. */
export interface ArrivingAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** Collects the body and hands it over once it has all come, or the error that cut it off. */
  whole(done: (error: Error | null, body: Buffer) => void): void;
  /** The body as a stream, read from the backend's connection only as fast as the stream is read. */
  stream(highWaterMark: number): Readable;
  /** Drops the body unread and closes its connection. */
  discard(): void;
}

/** How a backend call ended: the bytes of body each way, and what cut it short (never a body dropped on purpose). */
export interface CallOutcome {
  sentBytes: number;
  receivedBytes: number;
  error?: Error;
}

/** Who is told what became of a backend call. */
export interface AnswerReceiver {
  /**
   * The status and headers are in. The receiver picks how the body is taken before it returns; if not, it is
   * dropped. It must not throw: undici would take the throw for the call failing, after the answer had begun.
   */
  answered(answer: ArrivingAnswer): void;
  /** No answer came: the connection failed, or the backend took too long to answer. */
  failed(error: Error): void;
  /** Once, last: the answer has all come, or the call failed or was cut off (the call's span ends here). */
  settled?(outcome: CallOutcome): void;
}

/** A body dropped on purpose: undici reports the abort back, and nobody needs to hear of it. */
const dropped = () => new errors.RequestAbortedError("the answer was dropped unread");

/**
 * An undici dispatch handler that gives a backend's answer to a receiver without undici's request API: no promise, no
 * stream and no async resource for an answer read whole, which is most of them. A streamed body is an ordinary
 * Readable whose reads resume the connection, as undici's own body does.
 */
export class AnswerHandler implements Dispatcher.DispatchHandler {
  private started = false;
  private ended = false;
  private discarded = false;
  private sentBytes = 0;
  private receivedBytes = 0;
  private chunks: Buffer[] | undefined;
  private done: ((error: Error | null, body: Buffer) => void) | undefined;
  private body: Readable | undefined;

  constructor(private readonly receiver: AnswerReceiver) {}

  /** Nothing to do when the request goes out; undici takes a handler with this method for one of its current kind. */
  onRequestStart(): void {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // An informational answer (100 Continue, 103 Early Hints): the real one follows.
    if (statusCode < 200) return;
    this.started = true;
    this.receiver.answered({
      statusCode,
      headers,
      whole: (done) => {
        this.chunks = [];
        this.done = done;
      },
      stream: (highWaterMark) => this.streamed(controller, highWaterMark),
      discard: () => this.discard(controller),
    });
    if (!this.chunks && !this.body && !controller.aborted) this.discard(controller);
  }

  private discard(controller: Dispatcher.DispatchController): void {
    this.discarded = true;
    controller.abort(dropped());
  }

  onBodySent(chunk: Buffer | string): void {
    this.sentBytes += Buffer.byteLength(chunk);
  }

  private streamed(controller: Dispatcher.DispatchController, highWaterMark: number): Readable {
    this.body = new Readable({
      highWaterMark,
      read: () => controller.resume(),
      destroy: (error, callback) => {
        if (!this.ended) {
          if (error) controller.abort(error);
          else this.discard(controller);
        }
        callback(error);
      },
    });
    return this.body;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.receivedBytes += chunk.length;
    if (this.chunks) this.chunks.push(chunk);
    else if (this.body && !this.body.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.ended = true;
    this.settle();
    if (this.done)
      this.done(null, this.chunks?.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks ?? []));
    else this.body?.push(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.settle(this.discarded ? undefined : error);
    if (!this.started) this.receiver.failed(error);
    else if (this.done) this.done(error, Buffer.alloc(0));
    else if (this.body && !this.body.destroyed) this.body.destroy(error);
  }

  private settle(error?: Error): void {
    const { sentBytes, receivedBytes } = this;
    this.receiver.settled?.(error ? { sentBytes, receivedBytes, error } : { sentBytes, receivedBytes });
  }
}
