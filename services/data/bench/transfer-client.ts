/**
 * One 1 GiB transfer of the streaming benchmark, run as a process of its own as a real client is: never inside
 * the simulator's or the service's process. `transfer-client <upload|download> <url> <headers JSON> [name]`
 * prints the transfer's duration in seconds as JSON and exits 0, or names the failure and exits 1.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { request } from "undici";
import { SIZE } from "./transfer-size.js";

const CHUNK = Buffer.alloc(1024 * 1024, 0x5a);

/** A 1 GiB multipart upload of one file part, produced as it is sent. */
function multipartUpload(name: string): { body: Readable; contentType: string } {
  const boundary = `----bench-${randomUUID()}`;
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    );
    for (let sent = 0; sent < SIZE; sent += CHUNK.length) yield CHUNK;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { body: Readable.from(parts()), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(url: string, headers: Record<string, string>, name: string) {
  const form = multipartUpload(name);
  const answer = await request(url, {
    method: "POST",
    headers: { ...headers, "content-type": form.contentType },
    body: form.body,
  });
  const text = await answer.body.text();
  if (answer.statusCode !== 200) throw new Error(`upload to ${url} answered ${answer.statusCode}: ${text}`);
}

async function download(url: string, headers: Record<string, string>) {
  const answer = await request(url, { headers });
  let received = 0;
  for await (const chunk of answer.body) received += (chunk as Buffer).length;
  if (answer.statusCode !== 200 || received !== SIZE)
    throw new Error(`download ${url}: ${answer.statusCode}, ${received} bytes`);
}

const [mode, url, headersJson, name = "transfer.bin"] = process.argv.slice(2);
const headers = JSON.parse(headersJson ?? "{}") as Record<string, string>;
const start = performance.now();
try {
  if (mode === "upload") await upload(url as string, headers, name);
  else if (mode === "download") await download(url as string, headers);
  else throw new Error(`unknown transfer ${mode}`);
  process.stdout.write(`${JSON.stringify({ seconds: (performance.now() - start) / 1000 })}\n`);
} catch (error) {
  process.stderr.write(`transfer-client: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
