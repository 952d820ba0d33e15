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

/** `"` and `\` escaped as quoted pairs; names with control characters are refused before this. */
const quoted = (text: string) => `"${text.replace(/["\\]/g, (character) => `\\${character}`)}"`;

/** Gathers bytes into frames of at least FRAME_BYTES, sending what it holds after FRAME_WAIT_MS at the latest. */
function frames(): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const release = (stream: Transform) => {
    clearTimeout(timer);
    timer = undefined;
    if (heldBytes > 0) stream.push(Buffer.concat(held, heldBytes));
    held = [];
    heldBytes = 0;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes >= FRAME_BYTES) release(this);
      else timer ??= setTimeout(() => release(this), FRAME_WAIT_MS);
      done();
    },
    flush(done) {
      release(this);
      done();
    },
    destroy(error, done) {
      clearTimeout(timer);
      done(error);
    },
  });
}

/**
 * A multipart/form-data body holding one file part, produced as the file's bytes arrive, so a file of any
 * size passes through without being held (beyond a frame). A file that fails (its caller gone) fails the body.
 * The name travels as UTF-8 (RFC 7578), as the reference gateway sends it, so that non-ASCII names survive.
 */
export function singleFileForm(
  field: string,
  filename: string,
  contentType: string,
  file: Readable,
): { body: Readable; contentType: string } {
  const boundary = `----de-gateway-${randomUUID()}`;
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name=${quoted(field)}; filename=${quoted(filename)}\r\n` +
        `content-type: ${contentType}\r\n\r\n`,
    );
    // The error reaches this generator through the frames' iterator; pipeline's own report of it adds nothing.
    yield* pipeline(file, frames(), () => {});
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    body: Readable.from(parts(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
