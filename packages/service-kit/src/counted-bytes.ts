import { Transform, type TransformCallback } from "node:stream";

/** How many bytes a stream may carry, and the error for each way of breaking that. */
export interface ByteBounds {
  /** The most that may go by; one more byte fails the stream with `tooMany()`. */
  most: number;
  tooMany: () => Error;
  /** The least that must have come when the stream ends, else it fails with `tooFew()`. */
  least?: number;
  tooFew?: () => Error;
}

/** Passes bytes on as they come, counting them, and fails the stream as soon as they break its bounds. */
export class CountedBytes extends Transform {
  private seen = 0;

  constructor(private readonly bounds: ByteBounds) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    callback(this.seen > this.bounds.most ? this.bounds.tooMany() : null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    const { least = 0, tooFew } = this.bounds;
    callback(this.seen < least && tooFew ? tooFew() : null);
  }
}
