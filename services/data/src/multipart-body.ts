import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";

/** `"` and `\` escaped as quoted pairs; names with control characters are refused before this. */
const quoted = (text: string) => `"${text.replace(/["\\]/g, (character) => `\\${character}`)}"`;

/**
 * A multipart/form-data body holding one file part, produced as the file's bytes arrive, so a file of any
 * size passes through without being held. The name travels as UTF-8 (RFC 7578), as the reference gateway
 * sends it, so that non-ASCII names survive.
 */
export function singleFileForm(
  field: string,
  filename: string,
  contentType: string,
  file: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): { body: Readable; contentType: string } {
  const boundary = `----de-gateway-${randomUUID()}`;
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name=${quoted(field)}; filename=${quoted(filename)}\r\n` +
        `content-type: ${contentType}\r\n\r\n`,
    );
    yield* file;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    body: Readable.from(parts(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
