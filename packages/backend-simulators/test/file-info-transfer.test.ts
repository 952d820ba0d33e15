import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { sendFile } from "../src/file-info/routes/file-download.js";
import { call, download, filesUnder, idOf, store, upload, useFileInfo } from "./file-info-client.js";

const sim = useFileInfo();

const ALICE = "/iplant/home/alice";

describe("uploads and downloads", () => {
  it("finishes a download whose file is moved (or trashed) right after the answer began", async () => {
    const path = `${ALICE}/notes.txt`;
    const data = store(sim());
    const contents = readFileSync(data.disk.pathOf(path), "utf8");
    // A stand-in for the route: the move lands between the answer's start and the reading of the file.
    const app = Fastify();
    app.get("/race", (_request, reply) => {
      const entry = data.catalogue.at(path);
      if (!entry) throw new Error("no seeded notes.txt");
      const answer = sendFile(data, entry, true, reply);
      data.move(entry, `${ALICE}/moved-notes.txt`);
      return answer;
    });
    try {
      const response = await app.inject({ method: "GET", url: "/race" });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(contents);
    } finally {
      await app.close();
    }
  });

  it("stores an upload's bytes on disk and gives back identical bytes, under a non-ASCII name", async () => {
    const bytes = randomBytes(5 * 1024 * 1024);
    const name = "données-åß-日本.bin";
    const uploaded = await upload(sim(), ALICE, "alice", name, bytes);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.file).toMatchObject({
      path: `${ALICE}/${name}`,
      label: name,
      type: "file",
      permission: "own",
      "file-size": bytes.length,
      md5: createHash("md5").update(bytes).digest("hex"),
    });
    expect(readFileSync(store(sim()).disk.pathOf(`${ALICE}/${name}`)).equals(bytes)).toBe(true);

    const downloaded = await download(sim(), `${ALICE}/${name}`, "alice");
    expect(downloaded.status).toBe(200);
    expect(downloaded.bytes.equals(bytes)).toBe(true);
    // data-info streams a file without declaring its length, so the answer is chunked.
    expect(downloaded.headers.get("content-length")).toBeNull();
    expect(downloaded.headers.get("transfer-encoding")).toBe("chunked");
    expect(downloaded.headers.get("content-disposition")).toBe(
      `inline; filename="donn_es-__-__.bin"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const attached = await call(sim(), "GET", `/data/path${ALICE}/${encodeURIComponent(name)}`, {
      user: "alice",
      query: { attachment: "true" },
    });
    expect(attached.headers.get("content-disposition")).toMatch(/^attachment; /);
  });

  it("answers the whole file whatever range is asked, as data-info does (it reads no Range header)", async () => {
    const path = `${ALICE}/sample.bin`;
    const whole = (await download(sim(), path, "alice")).bytes;
    for (const range of ["bytes=10-19", "bytes=-8", `bytes=${whole.length}-`, "bytes=0-1,4-5"]) {
      const answer = await download(sim(), path, "alice", { range });
      expect(answer.status, range).toBe(200);
      expect(answer.headers.get("content-range"), range).toBeNull();
      expect(answer.bytes.equals(whole), range).toBe(true);
    }
  });

  it("overwrites a file's contents in place, keeping its id", async () => {
    const path = `${ALICE}/notes.txt`;
    const id = await idOf(sim(), path, "alice");
    const form = new FormData();
    form.append("file", new Blob(["new contents"]), "whatever.txt");
    const response = await fetch(`${sim().url}/data/${id}?user=alice`, { method: "PUT", body: form });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { file: { id: string; path: string } }).file).toMatchObject({ id, path });
    expect((await download(sim(), path, "alice")).body).toBe("new contents");

    const bobForm = new FormData();
    bobForm.append("file", new Blob(["bob was here"]), "x.txt");
    const forBob = await idOf(sim(), `${ALICE}/for-bob.txt`, "alice");
    const refused = await fetch(`${sim().url}/data/${forBob}?user=bob`, { method: "PUT", body: bobForm });
    expect(refused.status).toBe(500);
    expect(await refused.json()).toMatchObject({ error_code: "ERR_NOT_WRITEABLE" });
  });

  it("refuses uploads without a destination, into files, into others' folders and onto taken names", async () => {
    const form = () => {
      const data = new FormData();
      data.append("file", new Blob(["x"]), "x.txt");
      return data;
    };
    const post = async (query: string) => {
      const response = await fetch(`${sim().url}/data?${query}`, { method: "POST", body: form() });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await post("user=alice")).toMatchObject({
      status: 400,
      body: { error_code: "ERR_ILLEGAL_ARGUMENT", reason: { dest: "missing-required-key" } },
    });
    expect(await post(`user=alice&dest=${ALICE}/notes.txt`)).toMatchObject({
      status: 500,
      body: { error_code: "ERR_NOT_A_FOLDER", path: `${ALICE}/notes.txt` },
    });
    expect(await post(`user=bob&dest=${ALICE}/shared-with-bob`)).toMatchObject({
      status: 500,
      body: { error_code: "ERR_NOT_WRITEABLE" },
    });
    expect(await post(`user=bob&dest=${ALICE}/documents`)).toMatchObject({
      status: 500,
      body: { error_code: "ERR_NOT_READABLE" },
    });
    expect(await post(`user=alice&dest=${ALICE}/nowhere`)).toMatchObject({
      status: 500,
      body: { error_code: "ERR_DOES_NOT_EXIST" },
    });
    await upload(sim(), ALICE, "alice", "x.txt", "first");
    expect(await post(`user=alice&dest=${ALICE}`)).toMatchObject({
      status: 500,
      body: { error_code: "ERR_EXISTS", path: `${ALICE}/x.txt` },
    });
    expect((await download(sim(), `${ALICE}/x.txt`, "alice")).body).toBe("first");
    expect(readdirSync(store(sim()).disk.staging)).toEqual([]);
  });

  it("keeps an aborted upload out of sight and leaves no staging file behind", async () => {
    const boundary = "----simulator-test-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="partial.bin"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    );
    const { port } = new URL(sim().url);
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /data?user=alice&dest=${encodeURIComponent(ALICE)} HTTP/1.1\r\nHost: localhost\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 1_000_000}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(randomBytes(200_000));
    const staging = store(sim()).disk.staging;
    for (let tries = 0; readdirSync(staging).length === 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(readdirSync(staging)).toHaveLength(1);
    expect(existsSync(store(sim()).disk.pathOf(`${ALICE}/partial.bin`))).toBe(false);
    socket.destroy();
    for (let tries = 0; readdirSync(staging).length > 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(readdirSync(staging)).toEqual([]);
    expect(filesUnder(store(sim()).disk.tree).filter((path) => path.includes("partial"))).toEqual([]);
    expect((await download(sim(), `${ALICE}/partial.bin`, "alice")).status).toBe(500);
    expect((await upload(sim(), ALICE, "alice", "partial.bin", "complete")).status).toBe(200);
  });
});
