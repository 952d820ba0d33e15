import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { type AddressInfo, connect } from "node:net";
import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, expect, it } from "vitest";
import { HOME, pathsExist, patternBytes, q, startData } from "./support.js";

let service: ServiceUnderTest;
let port: number;
beforeAll(async () => {
  service = await startData();
  await service.app.listen({ port: 0, host: "127.0.0.1" });
  port = (service.app.server.address() as AddressInfo).port;
});
afterAll(() => service.close());
const send: ServiceUnderTest["send"] = (...request) => service.send(...request);

const staging = () => readdirSync(service.platform.fileInfo.state.dataStore.disk.staging);

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The opening of a form's file part named `name`, up to where its bytes begin. */
const partHead = (boundary: string, name: string) =>
  Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\n` +
      "content-type: application/octet-stream\r\n\r\n",
  );

/** Starts a 64 MiB upload over a real socket, sends a part of it, and breaks the connection. */
async function abortedUpload(name: string, sentBytes: number) {
  const boundary = "----abort-test";
  const head = partHead(boundary, name);
  const declared = head.length + 64 * 1024 * 1024 + `\r\n--${boundary}--\r\n`.length;
  const { authorization } = await service.as("alice");
  let reachedBackend = false;
  const socketClosed = new Promise<void>((resolve) => {
    const request = httpRequest({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: `/secured/fileio/upload?dest=${q(HOME("alice"))}`,
      headers: {
        authorization,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": declared,
      },
    });
    request.on("error", () => resolve());
    request.on("close", () => resolve());
    request.write(head);
    request.write(Buffer.from(patternBytes(sentBytes)));
    // Wait until the bytes are on their way to the file-info backend, then break off.
    until(() => staging().length > 0, "the upload to reach the backend")
      .then(() => {
        reachedBackend = true;
      })
      .catch(() => {})
      .finally(() => request.destroy());
  });
  await socketClosed;
  return reachedBackend;
}

it("leaves no partial file when a client aborts an upload mid-stream, and keeps serving", async () => {
  for (const [index, size] of [256 * 1024, 3 * 1024 * 1024].entries()) {
    const name = `aborted-${index}.bin`;
    expect(await abortedUpload(name, size), "the partial upload was being written by the backend").toBe(true);
    await until(() => staging().length === 0, "the backend to drop the partial upload");
    expect(await pathsExist(send, "alice", `${HOME("alice")}/${name}`)).toEqual({
      [`${HOME("alice")}/${name}`]: false,
    });
  }
  const listing = await send("alice", "GET", `/secured/filesystem/paged-directory?path=${q(HOME("alice"))}&limit=50`);
  expect(listing.statusCode).toBe(200);
  expect(listing.json().files.map((file: { label: string }) => file.label)).not.toContain("aborted-0.bin");
  const notes = await send("alice", "GET", `/secured/fileio/download?path=${q(`${HOME("alice")}/notes.txt`)}`);
  expect(notes.statusCode).toBe(200);
});

/** Sends an upload's request head and body, then a health check, on one connection; answers all it got. */
async function uploadThenHealthCheck(boundary: string, body: Buffer): Promise<string> {
  const { authorization } = await service.as("alice");
  const head =
    `POST /secured/fileio/upload?dest=${q(HOME("alice"))} HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
  const next = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  return new Promise<string>((resolve, reject) => {
    let text = "";
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(head);
      socket.write(body);
      socket.write(next);
    });
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
}

const filePart = (boundary: string, name: string, bytes: Buffer) =>
  Buffer.concat([partHead(boundary, name), bytes, Buffer.from("\r\n")]);

it("answers a refused upload while its client is still sending, and serves the connection's next request", async () => {
  const boundary = "----refused-test";
  const body = Buffer.concat([
    filePart(boundary, "notes.txt", Buffer.alloc(20 * 1024 * 1024, 7)),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const answers = await uploadThenHealthCheck(boundary, body);
  // notes.txt exists in alice's home: 409, then the next request on the same connection is answered.
  expect(answers).toMatch(/^HTTP\/1.1 409 .*"error_code":"ERR_EXISTS".*HTTP\/1.1 200 .*"status":"ok"/s);
  expect(staging()).toEqual([]);
});

it("refuses a second file after the first was sent on, keeps neither, and serves the connection's next request", async () => {
  const boundary = "----two-files-test";
  const body = Buffer.concat([
    filePart(boundary, "big-first.bin", Buffer.alloc(8 * 1024 * 1024, 3)),
    filePart(boundary, "small-second.bin", Buffer.alloc(10, 4)),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const answers = await uploadThenHealthCheck(boundary, body);
  expect(answers).toMatch(
    /^HTTP\/1.1 400 .*"reason":"an upload holds one file, and this form holds more".*HTTP\/1.1 200 /s,
  );
  await until(() => staging().length === 0, "the backend to drop the abandoned upload");
  const paths = ["big-first.bin", "small-second.bin"].map((name) => `${HOME("alice")}/${name}`);
  expect(Object.values(await pathsExist(send, "alice", ...paths))).toEqual([false, false]);
});
