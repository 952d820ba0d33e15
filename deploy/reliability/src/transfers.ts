import { randomUUID } from "node:crypto";
import { connect, type Socket } from "node:net";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { type Dispatcher, request } from "undici";

const CHUNK = 64 * 1024;

/** Longest wait for the answer to a whole upload. */
const ANSWER_TIMEOUT_MS = 20_000;

/** How long a client keeps sending into a connection that takes nothing. */
const STALLED_MS = 1_000;

/** Whether the socket drained within `ms`. */
function drained(socket: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off("drain", onDrain);
      resolve(false);
    }, ms);
    const onDrain = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once("drain", onDrain);
  });
}

/** `size` bytes of a repeating pattern, produced a chunk at a time. */
function* patternChunks(size: number): Generator<Buffer> {
  const chunk = Buffer.alloc(CHUNK, "reliability-");
  for (let sent = 0; sent < size; sent += CHUNK) yield chunk.subarray(0, Math.min(CHUNK, size - sent));
}

/** A multipart/form-data body with one `file` part of `size` bytes, and its length. */
function multipartFile(name: string, size: number) {
  const boundary = `----reliability-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\n` +
      "content-type: application/octet-stream\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + size + tail.length,
    *chunks() {
      yield head;
      yield* patternChunks(size);
      yield tail;
    },
  };
}

export interface UploadTarget {
  origin: string;
  authorization: string;
  /** The folder to upload into. */
  dest: string;
}

const uploadPath = (dest: string) => `/secured/fileio/upload?dest=${encodeURIComponent(dest)}`;

/** A whole upload through the data service; resolves to its answer. */
export async function upload(target: UploadTarget, name: string, size: number): Promise<Dispatcher.ResponseData> {
  const form = multipartFile(name, size);
  return request(`${target.origin}${uploadPath(target.dest)}`, {
    method: "POST",
    headers: {
      authorization: target.authorization,
      "content-type": form.contentType,
      "content-length": String(form.length),
    },
    body: Readable.from(form.chunks()),
    headersTimeout: ANSWER_TIMEOUT_MS,
    bodyTimeout: ANSWER_TIMEOUT_MS,
  });
}

/**
 * Starts an upload of `size` bytes on a raw connection, sends the request head and the first `abortAfter` bytes
 * of its body, lingers `lingerMs` and breaks the connection, as a client that goes away mid-upload does.
 */
export async function abortedUpload(
  target: UploadTarget,
  name: string,
  size: number,
  abortAfter: number,
  lingerMs: number,
): Promise<void> {
  const form = multipartFile(name, size);
  const { hostname, port } = new URL(target.origin);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    `POST ${uploadPath(target.dest)} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nauthorization: ${target.authorization}\r\n` +
      `content-type: ${form.contentType}\r\ncontent-length: ${form.length}\r\n\r\n`,
  );
  let left = abortAfter;
  for (const chunk of form.chunks()) {
    if (left <= 0 || socket.destroyed) break;
    const part = chunk.subarray(0, left);
    left -= part.length;
    // A server that stops reading does not keep this client: it gives up as it would anyway.
    if (!socket.write(part) && !(await drained(socket, STALLED_MS))) break;
  }
  await sleep(lingerMs);
  socket.destroy();
}

/** A download read at `bytesPerTick` every `tickMs`, as a slow client reads; `stop()` ends it. */
export class SlowDownload {
  received = 0;
  status = 0;
  private readonly socket;
  private readonly timer: NodeJS.Timeout;
  private buffered = Buffer.alloc(0);
  private headerDone = false;

  constructor(origin: string, path: string, authorization: string, bytesPerTick: number, tickMs: number) {
    const { hostname, port } = new URL(origin);
    this.socket = connect(Number(port), hostname);
    this.socket.on("error", () => {});
    this.socket.pause();
    this.socket.write(`GET ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nauthorization: ${authorization}\r\n\r\n`);
    this.timer = setInterval(() => this.readSome(bytesPerTick), tickMs);
  }

  private readSome(bytes: number): void {
    let taken = 0;
    while (taken < bytes) {
      const chunk = this.socket.read() as Buffer | null;
      if (!chunk) break;
      taken += chunk.length;
      if (this.headerDone) this.received += chunk.length;
      else this.readHead(chunk);
    }
  }

  private readHead(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    const end = this.buffered.indexOf("\r\n\r\n");
    if (end < 0) return;
    this.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(this.buffered.toString("latin1", 0, end))?.[1] ?? 0);
    this.received += this.buffered.length - end - 4;
    this.headerDone = true;
  }

  stop(): void {
    clearInterval(this.timer);
    this.socket.destroy();
  }
}
