import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { singleFileForm } from "../src/multipart-body.js";
import { badPathRefusal, HOME, seeded, startData, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;
const jobsScheduled = () => service.platform.apps.recorder.to("POST", "/analyses").length;

describe("URL imports", () => {
  it.each([
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://127.0.0.1:2375/containers/json",
    "http://[::1]/x",
    "http://[::ffff:127.0.0.1]/x",
    "http://[::ffff:7f00:1]/x",
    "http://10.0.0.8/secrets.txt",
    "http://192.168.1.1/x",
    "http://172.31.255.2/x",
    "http://[fd00:ec2::254]/latest/meta-data",
    "http://[fe80::1]/x",
    "http://0.0.0.0:8080/x",
    "http://2130706433/x",
    "http://localhost:9200/_cat/indices",
    // IPv6 forms that embed an IPv4 address: the embedded address is checked.
    "http://[::ffff:0:127.0.0.1]/x", // SIIT (IPv4-translated)
    "http://[::ffff:0:a9fe:a9fe]/latest/meta-data",
    "http://[::127.0.0.1]/x", // IPv4-compatible
    "http://[::a00:8]/secrets.txt",
    "http://[64:ff9b::7f00:1]/x", // NAT64, well-known prefix
    "http://[64:ff9b:1::a00:8]/x", // NAT64, local-use prefix: refused whole
    "http://[2002:a9fe:a9fe::1]/latest/meta-data", // 6to4 of 169.254.169.254
    "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x", // Teredo, client 127.0.0.1 (bits inverted)
    "http://[2001:0:4136:e378::f5ff:fff7]/secrets.txt", // Teredo, client 10.0.0.8
    "http://[2001:0:a00:8::34ff:8ef8]/x", // Teredo through server 10.0.0.8
  ])("never reach an internal address: %s", async (address) => {
    const refused = await send("alice", "POST", "/secured/fileio/urlupload", { dest: HOME("alice"), address });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error_code: "ERR_INVALID_URL",
      url: address,
      reason: expect.stringMatching(/internal address/),
    });
    expect(jobsScheduled()).toBe(0);
  });

  it.each([
    "http://[::ffff:0:cb00:7107]/public.txt",
    "http://[2002:cb00:7107::1]/public.txt",
    "http://[2001:0:4136:e378:8000:63bf:34ff:8ef8]/public.txt",
  ])("reach a public IPv4 address embedded in IPv6: %s", async (address) => {
    const scheduled = await send("alice", "POST", "/secured/fileio/urlupload", { dest: HOME("alice"), address });
    expect(scheduled.statusCode).toBe(200);
    expect(jobsScheduled()).toBe(1);
  });

  it("reach public addresses, and internal ones an operator allowed", async () => {
    const address = "http://203.0.113.7/public.txt";
    const scheduled = await send("alice", "POST", "/secured/fileio/urlupload", { dest: HOME("alice"), address });
    expect(scheduled.statusCode).toBe(200);
    expect(jobsScheduled()).toBe(1);
    const opened = await startData({ URL_IMPORT_ALLOWED_RANGES: "10.0.0.0/8, fd00::/8" });
    try {
      for (const allowed of ["http://10.0.0.8/mirror.txt", "http://[fd00::5]/mirror.txt"]) {
        const answer = await opened.send("alice", "POST", "/secured/fileio/urlupload", {
          dest: HOME("alice"),
          address: allowed,
        });
        expect(answer.statusCode, allowed).toBe(200);
      }
      const still = await opened.send("alice", "POST", "/secured/fileio/urlupload", {
        dest: HOME("alice"),
        address: "http://169.254.169.254/latest/",
      });
      expect(still.statusCode).toBe(400);
    } finally {
      await opened.close();
    }
  });
});

describe("the paths of folder creation, path lists and metadata copies", () => {
  const tricks = [
    "/iplant/home/alice/../bob/x",
    "/iplant/home//alice/x",
    "/iplant/home/alice/./x",
    "iplant/home/alice/x",
  ];

  it.each(tricks)("are checked like every other data path: %s", async (trick) => {
    const directories = await send("alice", "POST", "/secured/filesystem/directories", { paths: [trick] });
    expect([directories.statusCode, directories.json()]).toEqual([400, badPathRefusal("paths", trick)]);
    const listed = await send(
      "alice",
      "POST",
      `/secured/filesystem/path-list-creator?dest=${encodeURIComponent(`${HOME("alice")}/list.txt`)}`,
      {
        paths: [trick],
      },
    );
    expect([listed.statusCode, listed.json()]).toEqual([400, badPathRefusal("paths", trick)]);
    const listedTo = await send(
      "alice",
      "POST",
      `/secured/filesystem/path-list-creator?dest=${encodeURIComponent(trick)}`,
      {
        paths: [HOME("alice")],
      },
    );
    expect([listedTo.statusCode, listedTo.json()]).toEqual([400, badPathRefusal("dest", trick)]);
    expect(service.platform.fileInfo.recorder.to("POST", /^\/(data\/directories|path-list-creator)/)).toEqual([]);
  });

  it.each([...tricks, "../../bob/meta.json", "/iplant/home/alice/../bob/meta.json"])(
    "of metadata saves are checked before the backend sees them: %s",
    async (trick) => {
      const saved = await send("alice", "POST", `/secured/filesystem/${seeded("alice", "notes.txt")}/metadata/save`, {
        dest: trick,
        recursive: false,
      });
      expect([saved.statusCode, saved.json()]).toEqual([400, badPathRefusal("dest", trick)]);
      expect(service.platform.fileInfo.recorder.to("POST", /\/metadata\/save$/)).toEqual([]);
    },
  );

  it("take copies of metadata by UUIDs only", async () => {
    const copied = await send("alice", "POST", `/secured/filesystem/${seeded("alice", "notes.txt")}/metadata/copy`, {
      destination_ids: ["/iplant/home/alice/../bob"],
    });
    expect(copied.statusCode).toBe(400);
    expect(copied.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
  });

  it("still pass good ones on to the backend, as the caller sent them", async () => {
    const made = await send("alice", "POST", "/secured/filesystem/directories", {
      paths: [`${HOME("alice")}/made/deep`],
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().paths).toContain(`${HOME("alice")}/made/deep`);
  });
});

describe("the multipart part a saved file is sent in", () => {
  it("cannot be given headers or parts of its own by the file's name", async () => {
    const form = singleFileForm(
      "file",
      'a.txt"\r\ncontent-type: text/html\r\n\r\n<p>',
      "application/octet-stream",
      Readable.from([Buffer.from("x")]),
    );
    const text = Buffer.concat(await form.body.toArray()).toString("utf8");
    const [head = ""] = text.split("\r\n\r\n");
    expect(head.split("\r\n")).toHaveLength(3);
    expect(head).toContain('filename="a.txt\\"%0D%0Acontent-type: text/html%0D%0A%0D%0A<p>"');
  });
});
