import { describe, expect, it, vi } from "vitest";
import { HOME, multipartFile, multipartForm, pathsExist, patternBytes, q, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const postUpload = (user: string, dest: string, form: { payload: Buffer; headers: Record<string, string> }) =>
  send(user, "POST", `/secured/fileio/upload?dest=${q(dest)}`, form.payload, form.headers);

const upload = async (user: string, dest: string, bytes: Uint8Array, name: string, field = "file") =>
  postUpload(user, dest, await multipartFile(bytes, name, field));

/** An upload of a form built part by part. */
const uploadParts = async (user: string, dest: string, fill: (form: FormData) => void) =>
  postUpload(user, dest, await multipartForm(fill));

const download = (user: string, path: string, headers: Record<string, string> = {}) =>
  send(user, "GET", `/secured/fileio/download?path=${q(path)}`, undefined, headers);

/** A file of alice's, uploaded: its bytes and its path. */
async function alicesFile(name: string, size: number) {
  const bytes = patternBytes(size);
  await upload("alice", HOME("alice"), bytes, name);
  return { bytes, path: `${HOME("alice")}/${name}` };
}

describe("upload and download", () => {
  it("gives back the identical bytes of a multi-MiB binary file with a non-ASCII name", async () => {
    const bytes = patternBytes(5 * 1024 * 1024 + 17);
    const name = "Résumé données 数据.bin";
    const uploaded = await upload("alice", HOME("alice"), bytes, name);
    expect(uploaded.statusCode).toBe(200);
    const path = `${HOME("alice")}/${name}`;
    expect(uploaded.json()).toMatchObject({
      file: { id: path, path, label: name, permission: "own", "file-size": bytes.length },
    });

    const downloaded = await download("alice", path);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers["content-type"]).toBe("application/octet-stream");
    // data-info declares no length (it streams the file); the stat's size is declared, so browsers show progress.
    expect(downloaded.headers["content-length"]).toBe(String(bytes.length));
    expect(downloaded.headers["accept-ranges"]).toBe("bytes");
    expect(downloaded.headers["content-disposition"]).toContain("attachment");
    expect(downloaded.headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(Buffer.compare(downloaded.rawPayload, Buffer.from(bytes))).toBe(0);
  });

  it("sends a file saved over between its stat and its read whole, as the backend streams it, without the stale length", async () => {
    const { path } = await alicesFile("edited.txt", 50_000);
    // The backend's download starts late; meanwhile another tab saves the file shorter (the editor's save).
    const recorder = service.platform.fileInfo.recorder;
    recorder.clear();
    service.platform.fileInfo.faults.set({ mode: "delay", delayMs: 1000, method: "GET", path: "^/data/path/" });
    try {
      const downloading = download("alice", path);
      await vi.waitFor(() => expect(recorder.to("POST", "/path-info")).toHaveLength(1));
      const saved = await send("alice", "POST", "/secured/fileio/save", { dest: path, content: "short now" });
      expect(saved.statusCode).toBe(200);
      const downloaded = await downloading;
      expect(downloaded.statusCode).toBe(200);
      // The stat said 50,000 bytes; the backend sends the file as it now is, whole, with no length declared for it
      // (before, the stale length was declared and the answer cut off as a failed download).
      expect(downloaded.headers["content-length"]).toBeUndefined();
      expect(downloaded.body).toBe("short now");
    } finally {
      service.platform.fileInfo.faults.clear();
    }
    // Unchanged, the file's length is declared again.
    expect((await download("alice", path)).headers["content-length"]).toBe("9");
  });

  it("answers a Range request itself (data-info answers none), with the right part and Content-Range", async () => {
    const { bytes, path } = await alicesFile("ranged.bin", 200_000);
    const part = await download("alice", path, { range: "bytes=1000-1999" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.headers["content-length"]).toBe("1000");
    expect(part.headers["content-disposition"]).toContain("attachment");
    expect(Buffer.compare(part.rawPayload, Buffer.from(bytes.subarray(1000, 2000)))).toBe(0);
    // The part is asked of the backend too, in case it can answer it.
    const [asked] = service.platform.fileInfo.recorder.to("GET", /^\/data\/path\//);
    expect(asked?.headers.range).toBe("bytes=1000-1999");
    const slices: Array<[string, number, number]> = [
      ["bytes=-10", bytes.length - 10, bytes.length],
      ["bytes=65530-140000", 65530, 140001],
      [`bytes=199990-${bytes.length + 50}`, 199990, bytes.length],
      ["bytes=0-0", 0, 1],
    ];
    for (const [range, from, to] of slices) {
      const answer = await download("alice", path, { range });
      expect(answer.statusCode, range).toBe(206);
      expect(answer.headers["content-range"], range).toBe(`bytes ${from}-${to - 1}/${bytes.length}`);
      expect(Buffer.compare(answer.rawPayload, Buffer.from(bytes.subarray(from, to))), range).toBe(0);
    }
  });

  it("refuses a range the file does not have with 416 and its size, and sends the whole file for the rest", async () => {
    const { bytes, path } = await alicesFile("small.bin", 5_000);
    const beyond = await download("alice", path, { range: "bytes=5000-" });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe("bytes */5000");
    expect(beyond.json()).toMatchObject({ error_code: "ERR_RANGE_NOT_SATISFIABLE", path });
    for (const range of ["bytes=0-1,10-20", "bytes=abc", "lines=0-10", "bytes=20-10"]) {
      const whole = await download("alice", path, { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.headers["content-range"], range).toBeUndefined();
      expect(Buffer.compare(whole.rawPayload, Buffer.from(bytes)), range).toBe(0);
    }
  });

  it("resumes only the version the first part came from: If-Range must be the file's Last-Modified", async () => {
    const { bytes, path } = await alicesFile("resumed.bin", 5_000);
    const lastModified = (await download("alice", path)).headers["last-modified"];
    expect(Date.parse(String(lastModified))).not.toBeNaN();
    const resumed = await download("alice", path, { range: "bytes=100-", "if-range": String(lastModified) });
    expect(resumed.statusCode).toBe(206);
    expect(Buffer.compare(resumed.rawPayload, Buffer.from(bytes.subarray(100)))).toBe(0);
    const older = new Date(Date.parse(String(lastModified)) - 60_000).toUTCString();
    for (const condition of [older, '"an-entity-tag"']) {
      const whole = await download("alice", path, { range: "bytes=100-", "if-range": condition });
      expect(whole.statusCode, condition).toBe(200);
      expect(whole.rawPayload.length, condition).toBe(5_000);
    }
  });

  it("passes on a part the backend answers itself (206) as it is", async () => {
    const path = `${HOME("alice")}/notes.txt`;
    service.platform.fileInfo.faults.set({
      mode: "json-status",
      status: 206,
      body: { part: "as sent" },
      path: "^/data/path/",
    });
    const part = await download("alice", path, { range: "bytes=0-9" });
    expect(part.statusCode).toBe(206);
    expect(part.json()).toEqual({ part: "as sent" });
  });

  it("displays a file inline with its own type, or as an attachment when asked", async () => {
    const notes = `${HOME("alice")}/notes.txt`;
    const inline = await send("alice", "GET", `/secured/filesystem/display-download?path=${q(notes)}`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers["content-type"]).toMatch(/^text\/plain/);
    expect(inline.headers["content-disposition"]).toMatch(/^inline; filename="?notes.txt/);
    expect(inline.headers["content-security-policy"]).toBe("sandbox");
    expect(inline.body).toContain("Remember the milk");
    const disposition = async (attachment: string) =>
      (
        await send(
          "alice",
          "GET",
          `/secured/filesystem/display-download?path=${q(notes)}&attachment=${encodeURIComponent(attachment)}`,
        )
      ).headers["content-disposition"];
    for (const yes of ["1", "true", "TRUE", "yes"]) expect(await disposition(yes), yes).toMatch(/^attachment/);
    for (const no of ["0", "false", "no", "", "not true", "yesterday"])
      expect(await disposition(no), no).toMatch(/^inline/);
  });

  it("downloads any file as opaque bytes, whatever its type", async () => {
    const notes = await download("alice", `${HOME("alice")}/notes.txt`);
    expect(notes.statusCode).toBe(200);
    expect(notes.headers["content-type"]).toBe("application/octet-stream");
    expect(notes.headers["content-disposition"]).toBe("attachment; filename=notes.txt");
    expect(notes.body).toContain("Remember the milk");
  });

  it("answers a file that goes between its stat and its download as missing, and a failing download as 502", async () => {
    const notes = `${HOME("alice")}/notes.txt`;
    for (const status of [403, 404, 410]) {
      service.platform.fileInfo.faults.set({
        mode: "json-status",
        status,
        body: { error_code: "ERR_DOES_NOT_EXIST", path: notes },
        method: "GET",
        path: "^/data/path/",
      });
      const gone = await download("alice", notes);
      expect(gone.statusCode, String(status)).toBe(404);
      expect(gone.json()).toEqual({
        error_code: "ERR_NOT_FOUND",
        reason: `${notes} does not exist or is not readable`,
        path: notes,
      });
      expect(gone.headers["content-disposition"]).toBeUndefined();
    }
    service.platform.fileInfo.faults.set({ mode: "json-500", method: "GET", path: "^/data/path/" });
    const failing = await download("alice", notes);
    expect(failing.statusCode).toBe(502);
    expect(failing.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
  });

  it("sandboxes what it shows inline, except PDFs, which browsers show in viewers of their own", async () => {
    const shown = async (name: string) => {
      expect((await upload("alice", HOME("alice"), new TextEncoder().encode("<b>x</b>"), name)).statusCode).toBe(200);
      const path = `${HOME("alice")}/${name}`;
      return send("alice", "GET", `/secured/filesystem/display-download?path=${q(path)}`);
    };
    const page = await shown("page.html");
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toBe("sandbox");
    const pdf = await shown("paper.pdf");
    expect(pdf.headers["content-type"]).toMatch(/^application\/pdf/);
    expect(pdf.headers["content-security-policy"]).toBeUndefined();
    expect(pdf.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers a missing or unreadable path with 404 ERR_NOT_FOUND, and a folder with ERR_NOT_A_FILE", async () => {
    const missing = await download("alice", `${HOME("alice")}/no-such-file.txt`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", path: `${HOME("alice")}/no-such-file.txt` });
    const foreign = await download("bob", `${HOME("alice")}/notes.txt`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    const folder = await download("alice", `${HOME("alice")}/documents`);
    expect(folder.statusCode).toBe(400);
    expect(folder.json()).toMatchObject({ error_code: "ERR_NOT_A_FILE" });
  });

  it("refuses uploads where the caller may not write, into a file, or over an existing name", async () => {
    const bytes = patternBytes(10);
    const notWriteable = await upload("bob", HOME("alice"), bytes, "intrusion.txt");
    expect(notWriteable.statusCode).toBe(403);
    expect(notWriteable.json()).toMatchObject({ error_code: "ERR_NOT_WRITEABLE" });
    const intoFile = await upload("alice", `${HOME("alice")}/notes.txt`, bytes, "x.txt");
    expect(intoFile.statusCode).toBe(400);
    expect(intoFile.json()).toMatchObject({ error_code: "ERR_NOT_A_FOLDER" });
    const existing = await upload("alice", HOME("alice"), bytes, "notes.txt");
    expect(existing.statusCode).toBe(409);
    expect(existing.json()).toMatchObject({ error_code: "ERR_EXISTS", path: `${HOME("alice")}/notes.txt` });
    const missingDest = await upload("alice", `${HOME("alice")}/nowhere`, bytes, "x.txt");
    expect(missingDest.statusCode).toBe(404);
    expect(missingDest.json()).toMatchObject({ error_code: "ERR_DOES_NOT_EXIST" });
    // None of these reached the backend's upload endpoint.
    expect(service.platform.fileInfo.recorder.to("POST", "/data")).toEqual([]);
  });

  it("lets a user write where the owner shared a folder with write permission, and only there", async () => {
    const analyses = `${HOME("alice")}/analyses`;
    const shared = await send("alice", "POST", "/secured/share", {
      sharing: [{ user: "bob", paths: [{ path: analyses, permission: "write" }] }],
    });
    expect(shared.statusCode).toBe(200);
    const uploaded = await upload("bob", analyses, patternBytes(10), "from-bob.bin");
    expect(uploaded.statusCode).toBe(200);
    // As in iRODS, the one who writes a file owns it.
    expect(uploaded.json().file).toMatchObject({ path: `${analyses}/from-bob.bin`, permission: "own" });
    const saved = await send("bob", "POST", "/secured/fileio/saveas", { dest: `${analyses}/bob.txt`, content: "hi" });
    expect(saved.statusCode).toBe(200);
    const readOnly = `${HOME("alice")}/shared-with-bob`;
    const elsewhere = await upload("bob", readOnly, patternBytes(10), "from-bob.bin");
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({
      error_code: "ERR_NOT_WRITEABLE",
      reason: `${readOnly} is not writeable by bob`,
      path: readOnly,
    });
  });

  it("refuses an upload without a file field, or with a bad file name", async () => {
    const wrongField = await upload("alice", HOME("alice"), patternBytes(10), "a.txt", "attachment");
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
    const notMultipart = await send("alice", "POST", `/secured/fileio/upload?dest=${q(HOME("alice"))}`, { a: 1 });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
    const noDest = await send("alice", "POST", "/secured/fileio/upload", { a: 1 });
    expect(noDest.statusCode).toBe(400);
    expect(noDest.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
    const dotDot = await upload("alice", HOME("alice"), patternBytes(10), "..");
    expect(dotDot.statusCode).toBe(400);
  });

  it("answers a malformed or truncated form with 400 and keeps no partial file", async () => {
    const post = (contentType: string, body: Buffer | string) =>
      send("alice", "POST", `/secured/fileio/upload?dest=${q(HOME("alice"))}`, body, {
        "content-type": contentType,
      });
    const form = await multipartFile(patternBytes(200_000), "cut-short.bin");
    const unclosed = await multipartFile(patternBytes(200_000), "unclosed.bin");
    const answers = [
      await post("multipart/form-data", "garbage"),
      await post("multipart/form-data; boundary=xyz", "garbage without any boundary"),
      await post(form.headers["content-type"], form.payload.subarray(0, 150_000)),
      // The file part is whole, but the form breaks off where a next part was announced.
      await post(
        unclosed.headers["content-type"],
        Buffer.concat([unclosed.payload.subarray(0, unclosed.payload.length - 4), Buffer.from("\r\n")]),
      ),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        error_code: "ERR_BAD_OR_MISSING_FIELD",
        reason: expect.stringMatching(/^the upload is not a well-formed multipart\/form-data body: ./),
      });
    }
    const cut = ["cut-short.bin", "unclosed.bin"].map((name) => `${HOME("alice")}/${name}`);
    expect(Object.values(await pathsExist(send, "alice", ...cut))).toEqual([false, false]);
  });

  it("refuses a form with more than one file whole, and keeps neither file", async () => {
    const answer = await uploadParts("alice", HOME("alice"), (form) => {
      form.append("file", new Blob([patternBytes(300_000)]), "first.bin");
      form.append("file", new Blob([patternBytes(10)]), "second.bin");
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: "an upload holds one file, and this form holds more",
      field: "file",
    });
    const first = `${HOME("alice")}/first.bin`;
    const second = `${HOME("alice")}/second.bin`;
    expect(await pathsExist(send, "alice", first, second)).toEqual({ [first]: false, [second]: false });
  });

  it("stores the file of a form with text fields around it, and refuses more than ten fields", async () => {
    const stored = await uploadParts("alice", HOME("alice"), (form) => {
      form.append("note", "before");
      form.append("file", new Blob([patternBytes(1000)]), "among-fields.bin");
      form.append("note", "after");
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().file).toMatchObject({ path: `${HOME("alice")}/among-fields.bin`, "file-size": 1000 });

    const fields = (form: FormData, count: number) => {
      for (let index = 0; index < count; index++) form.append(`note${index}`, "x");
    };
    const tooMany = [
      await uploadParts("alice", HOME("alice"), (form) => {
        fields(form, 11);
        form.append("file", new Blob([patternBytes(10)]), "fields-first.bin");
      }),
      await uploadParts("alice", HOME("alice"), (form) => {
        form.append("file", new Blob([patternBytes(200_000)]), "fields-after.bin");
        fields(form, 11);
      }),
    ];
    for (const answer of tooMany) {
      expect(answer.statusCode).toBe(413);
      expect(answer.json()).toEqual({
        error_code: "ERR_REQUEST_TOO_LARGE",
        reason: "an upload's form holds at most 10 text fields besides its file",
      });
    }
    const refused = ["fields-first.bin", "fields-after.bin"].map((name) => `${HOME("alice")}/${name}`);
    expect(Object.values(await pathsExist(send, "alice", ...refused))).toEqual([false, false]);
  });

  it("answers a form without any part as one without a file field", async () => {
    const empty = await send("alice", "POST", `/secured/fileio/upload?dest=${q(HOME("alice"))}`, "--xyz--\r\n", {
      "content-type": "multipart/form-data; boundary=xyz",
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: "the upload has no file field",
      field: "file",
    });
  });

  it("answers 502 or 504, not the caller's 400, when the file-info backend fails an upload, and keeps no file", async () => {
    service.platform.fileInfo.faults.set({ mode: "json-500", method: "POST", path: "^/data$" });
    const failed = await upload("alice", HOME("alice"), patternBytes(3_000_000), "failing.bin");
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
    // No answer at all: the backend's fault, however completely the caller sent the file.
    service.platform.fileInfo.faults.set({ mode: "hang", method: "POST", path: "^/data$" });
    const unanswered = await upload("alice", HOME("alice"), patternBytes(1000), "failing.bin");
    expect(unanswered.statusCode).toBe(504);
    expect(unanswered.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
    service.platform.fileInfo.faults.clear();
    expect(await pathsExist(send, "alice", `${HOME("alice")}/failing.bin`)).toEqual({
      [`${HOME("alice")}/failing.bin`]: false,
    });
  });

  it("answers 401 without a token and 502 when the file-info backend is down", async () => {
    expect(
      (await send(undefined, "GET", `/secured/fileio/download?path=${q(`${HOME("alice")}/notes.txt`)}`)).statusCode,
    ).toBe(401);
    await service.platform.fileInfo.stop();
    try {
      const down = await download("alice", `${HOME("alice")}/notes.txt`);
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.fileInfo.start();
    }
  });
});

describe("save and saveas", () => {
  it("creates a new file with saveas and overwrites it with save", async () => {
    const dest = `${HOME("alice")}/draft.txt`;
    const created = await send("alice", "POST", "/secured/fileio/saveas", { dest, content: "first draft ✓" });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ file: { id: dest, path: dest, label: "draft.txt" } });
    expect((await download("alice", dest)).body).toBe("first draft ✓");

    const again = await send("alice", "POST", "/secured/fileio/saveas", { dest, content: "other" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: "ERR_EXISTS" });

    const saved = await send("alice", "POST", "/secured/fileio/save", { dest, content: "second draft" });
    expect(saved.statusCode).toBe(200);
    expect((await download("alice", dest)).body).toBe("second draft");
  });

  it("refuses save of a missing file, saveas where the caller may not write, and bodies without content", async () => {
    const missing = await send("alice", "POST", "/secured/fileio/save", {
      dest: `${HOME("alice")}/nope.txt`,
      content: "x",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: "ERR_DOES_NOT_EXIST" });
    const foreign = await send("bob", "POST", "/secured/fileio/saveas", {
      dest: `${HOME("alice")}/bob.txt`,
      content: "x",
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error_code: "ERR_NOT_WRITEABLE" });
    const noContent = await send("alice", "POST", "/secured/fileio/saveas", { dest: `${HOME("alice")}/x.txt` });
    expect(noContent.statusCode).toBe(400);
    expect(noContent.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
  });
});

describe("URL import", () => {
  it("starts the import as a job of the URL import app and answers {msg, url, label, dest}", async () => {
    const address = "https://example.org/data/reads%20one.fastq?x=1";
    const answer = await send("alice", "POST", "/secured/fileio/urlupload", { dest: HOME("alice"), address });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      msg: "Upload scheduled.",
      url: address,
      label: "reads one.fastq",
      dest: HOME("alice"),
    });
    // The import app's parameters are read where the apps backend serves an app: under the platform's system id.
    expect(service.platform.apps.recorder.to("GET", /^\/apps\/de\/[0-9a-f-]+$/)).toHaveLength(1);
    const jobs = service.platform.apps.recorder.to("POST", "/analyses");
    expect(jobs).toHaveLength(1);
    const job = jobs[0] as (typeof jobs)[number];
    expect(job.query.user).toBe("alice");
    expect(job.body).toMatchObject({ output_dir: HOME("alice"), name: "url_import_reads one.fastq" });
    expect(Object.values((job.body as { config: Record<string, string> }).config).sort()).toEqual(
      [new URL(address).href, "reads one.fastq"].sort(),
    );
  });

  it("names the imported file after the address's last path segment, else its host", async () => {
    for (const [address, label] of [
      ["https://example.org/archive/genome.fa/", "genome.fa"],
      ["https://example.org/", "example.org"],
      ["http://data.example.org", "data.example.org"],
      ["https://example.org/bad%E0%A4%A.txt", "bad%E0%A4%A.txt"],
    ]) {
      const answer = await send("alice", "POST", "/secured/fileio/urlupload", { dest: HOME("alice"), address });
      expect(answer.statusCode, address).toBe(200);
      expect(answer.json().label, address).toBe(label);
    }
  });

  it("refuses addresses that are not http or https with ERR_INVALID_URL, and names that exist", async () => {
    for (const address of ["ftp://example.org/file.txt", "not a url", "file:///etc/passwd"]) {
      const refused = await send("alice", "POST", "/secured/fileio/urlupload", { dest: HOME("alice"), address });
      expect(refused.statusCode, address).toBe(400);
      expect(refused.json()).toEqual(expect.objectContaining({ error_code: "ERR_INVALID_URL", url: address }));
    }
    const clash = await send("alice", "POST", "/secured/fileio/urlupload", {
      dest: HOME("alice"),
      address: "http://example.org/notes.txt",
    });
    expect(clash.statusCode).toBe(409);
    expect(service.platform.apps.recorder.to("POST", "/analyses")).toEqual([]);
  });

  it("reports ERR_REQUEST_FAILED with what was asked when the apps backend fails", async () => {
    service.platform.apps.faults.set({ mode: "json-500", path: "^/analyses" });
    const failed = await send("alice", "POST", "/secured/fileio/urlupload", {
      dest: HOME("alice"),
      address: "http://example.org/new.txt",
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      error_code: "ERR_REQUEST_FAILED",
      msg: { address: "http://example.org/new.txt" },
    });
  });
});
