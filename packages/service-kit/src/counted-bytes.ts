import { Transform, type TransformCallback } from "node:stream";

/** A number of bytes, and the error for a stream that breaks it. */
export interface ByteBound {
  bytes: number;
  error: () => Error;
}

/** The most bytes a stream may carry and, when it must, the least it must have carried by its end. */
export interface ByteBounds {
  most: ByteBound;
  least?: ByteBound;
}

/** Passes bytes on as they come, counting them, and fails the stream as soon as they break its bounds. */
export class CountedBytes extends Transform {
  private seen = 0;

  constructor(private readonly bounds: ByteBounds) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    const { most } = this.bounds;
    callback(this.seen > most.bytes ? most.error() : null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    const { least } = this.bounds;
    callback(least && this.seen < least.bytes ? least.error() : null);
  }
}
