import { randomUUID } from "node:crypto";
import { pipeline, Readable, Transform } from "node:stream";

/**
 * The size of the pieces a file goes on in. Every piece becomes one HTTP chunk to the backend, which takes each
 * one in as a step of its own (parse, digest, disk write). The pieces of an upload as it arrives follow the
 * caller's socket reads, 32 KiB on average in the benchmark; regathered, the file-info simulator spends a fifth
 * less per byte (docs/performance.md, figure 5).
 */
export const FRAME_BYTES = 1024 * 1024;

/** How long a trickling upload's bytes wait at most to make up a frame, so a slow client's bytes still flow. */
export const FRAME_WAIT_MS = 20;

/**
 * `"` and `\` escaped as quoted pairs, and CR and LF percent-encoded as browsers write them (WHATWG), so that no
 * name can end the header line and write headers or parts of its own (a stored name may hold anything).
 */
const quoted = (text: string) =>
  `"${text
    .replace(/["\\]/g, (character) => `\\${character}`)
    .replace(/\r/g, "%0D")
    .replace(/\n/g, "%0A")}"`;

/**
 * Copies bytes into frames of FRAME_BYTES, sending what a frame holds after FRAME_WAIT_MS at the latest. The
 * pieces that arrive are let go at once, so they die young; holding them until a frame was full kept them
 * through young-generation collections, and V8 counted their memory as old, collecting the whole heap every
 * 16 MiB or so (docs/performance.md).
 */
function frames(): Transform {
  let frame = Buffer.allocUnsafeSlow(FRAME_BYTES);
  let filled = 0;
  let timer: NodeJS.Timeout | undefined;
  const stopTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  /** A full frame goes as it is; the next one is a new buffer. */
  const sendFull = (stream: Transform) => {
    stopTimer();
    stream.push(frame);
    frame = Buffer.allocUnsafeSlow(FRAME_BYTES);
    filled = 0;
  };
  /** A part-filled frame goes as a copy of what it holds, so that the frame is filled again. */
  const sendHeld = (stream: Transform) => {
    stopTimer();
    if (filled > 0) stream.push(Buffer.from(frame.subarray(0, filled)));
    filled = 0;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let offset = 0; offset < chunk.length; ) {
        const taken = chunk.copy(frame, filled, offset);
        filled += taken;
        offset += taken;
        if (filled === FRAME_BYTES) sendFull(this);
      }
      if (filled > 0) timer ??= setTimeout(() => sendHeld(this), FRAME_WAIT_MS);
      done();
    },
    flush(done) {
      sendHeld(this);
      done();
    },
    destroy(error, done) {
      stopTimer();
      done(error);
    },
  });
}

/**
 * A multipart/form-data body holding one file part, produced as the file's bytes arrive, so a file of any
 * size passes through without being held (beyond a frame). A file that fails (its caller gone) fails the body.
 * The name travels as UTF-8 (RFC 7578), as the reference gateway sends it, so that non-ASCII names survive.
 * `beforeEnd` runs once the file's bytes are sent and before the form is closed: if it fails, the body fails
 * with its error, so the backend, never seeing the form complete, keeps no file.
 */
export function singleFileForm(
  field: string,
  filename: string,
  contentType: string,
  file: Readable,
  beforeEnd: () => Promise<void> = async () => {},
): { body: Readable; contentType: string } {
  const boundary = `----de-gateway-${randomUUID()}`;
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name=${quoted(field)}; filename=${quoted(filename)}\r\n` +
        `content-type: ${contentType}\r\n\r\n`,
    );
    // The error reaches this generator through the frames' iterator; pipeline's own report of it adds nothing.
    yield* pipeline(file, frames(), () => {});
    await beforeEnd();
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    body: Readable.from(parts(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
