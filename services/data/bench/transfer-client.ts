/**
 * One transfer of the streaming benchmark, run as a process of its own as a real client is: never inside the
 * simulator's or the service's process. `transfer-client <upload|download> <url> <headers JSON> <bytes> [name]`
 * prints the transfer's duration in seconds as JSON and exits 0, or names the failure and exits 1.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { request } from "undici";

const CHUNK = Buffer.alloc(1024 * 1024, 0x5a);

/**
 * A multipart upload of one file part of `size` bytes, produced as it is sent, with its Content-Length as
 * browsers and curl send it.
 */
function multipartUpload(name: string, size: number) {
  const boundary = `----bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    for (let sent = 0; sent < size; sent += CHUNK.length) yield CHUNK.subarray(0, Math.min(CHUNK.length, size - sent));
    yield tail;
  }
  return {
    body: Readable.from(parts()),
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + size + tail.length),
    },
  };
}

async function upload(url: string, headers: Record<string, string>, size: number, name: string) {
  const form = multipartUpload(name, size);
  const answer = await request(url, { method: "POST", headers: { ...headers, ...form.headers }, body: form.body });
  const text = await answer.body.text();
  if (answer.statusCode !== 200) throw new Error(`upload to ${url} answered ${answer.statusCode}: ${text}`);
}

async function download(url: string, headers: Record<string, string>, size: number) {
  const answer = await request(url, { headers });
  let received = 0;
  for await (const chunk of answer.body) received += (chunk as Buffer).length;
  if (answer.statusCode !== 200 || received !== size)
    throw new Error(`download ${url}: ${answer.statusCode}, ${received} of ${size} bytes`);
}

const [mode, url = "", headersJson = "{}", bytes = "0", name = "transfer.bin"] = process.argv.slice(2);
const headers = JSON.parse(headersJson) as Record<string, string>;
const size = Number(bytes);
const start = performance.now();
try {
  if (mode === "upload") await upload(url, headers, size, name);
  else if (mode === "download") await download(url, headers, size);
  else throw new Error(`unknown transfer ${mode}`);
  process.stdout.write(`${JSON.stringify({ seconds: (performance.now() - start) / 1000 })}\n`);
} catch (error) {
  process.stderr.write(`transfer-client: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
