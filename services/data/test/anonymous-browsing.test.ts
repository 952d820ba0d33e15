import { describe, expect, it } from "vitest";
import { HOME, multipartFile, q, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const COMMUNITY = "/iplant/home/shared";
const README = `${COMMUNITY}/README.txt`;
const NOTES = `${HOME("alice")}/notes.txt`;
/** A home that does not exist. */
const GHOST = "/iplant/home/nobody-by-that-name";

describe("visitors who have not signed in", () => {
  it("list the community data and download its files, as the web client asks", async () => {
    const listed = await send(
      undefined,
      "GET",
      `/filesystem/paged-directory?path=${q(COMMUNITY)}&limit=10&sort-col=NAME&sort-dir=ASC`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const names = [...listed.json().folders, ...listed.json().files].map((item: { label: string }) => item.label);
    // commons_repo holds the curators' staging folder (the seed's DOI request).
    expect(names).toEqual(["commons_repo", "reference-genomes", "README.txt"]);
    expect(listed.json().files[0].permission).toBe("read");

    const stat = await send(undefined, "POST", "/filesystem/stat", { paths: [README] });
    expect(stat.statusCode).toBe(200);
    expect(stat.json().paths[README]).toMatchObject({ type: "file", permission: "read" });

    const download = await send(undefined, "GET", `/fileio/download?path=${q(README)}`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe("Community data: reference data sets readable by every user.\n");
    const shown = await send(undefined, "GET", `/filesystem/display-download?path=${q(README)}`);
    expect([shown.statusCode, shown.headers["content-type"]]).toEqual([200, "text/plain"]);
    const chunk = await send(undefined, "POST", "/filesystem/read-chunk", {
      path: README,
      position: 0,
      "chunk-size": 9,
    });
    expect([chunk.statusCode, chunk.json().chunk]).toEqual([200, "Community"]);

    const tree = await send(undefined, "GET", `/filesystem/directory?path=${q(COMMUNITY)}`);
    expect(tree.statusCode).toBe(200);
    const roots = await send(undefined, "GET", "/filesystem/directory");
    expect(roots.statusCode, roots.body).toBe(200);
    expect(roots.json().roots.map((root: { path: string }) => root.path)).toEqual([COMMUNITY]);
  });

  it("get 404 for what only signed-in users may read, giving nothing away", async () => {
    const reads: Array<[string, "GET" | "POST", object?]> = [
      [`/filesystem/paged-directory?path=${q(HOME("alice"))}&limit=10`, "GET"],
      [`/filesystem/directory?path=${q(HOME("alice"))}`, "GET"],
      ["/filesystem/stat", "POST", { paths: [NOTES] }],
      [`/fileio/download?path=${q(NOTES)}`, "GET"],
      [`/filesystem/display-download?path=${q(NOTES)}`, "GET"],
      ["/filesystem/read-chunk", "POST", { path: NOTES, position: 0, "chunk-size": 5 }],
    ];
    for (const [url, method, body] of reads) {
      const refused = await send(undefined, method, url, body);
      expect(refused.statusCode, `${url}: ${refused.body}`).toBe(404);
      expect(refused.json().error_code).toBe("ERR_NOT_FOUND");
      // The same answer as for what does not exist at all.
      const ghost = (text: string) => text.replaceAll(q(HOME("alice")), q(GHOST)).replaceAll(HOME("alice"), GHOST);
      const missing = await send(undefined, method, ghost(url), body && JSON.parse(ghost(JSON.stringify(body))));
      expect([missing.statusCode, ghost(refused.body)], url).toEqual([404, missing.body]);
      // A signed-in user who may not read it is refused as before (403, or 404 for downloads).
      expect([403, 404], url).toContain((await send("carol", method, url, body)).statusCode);
    }
    const missing = await send(undefined, "GET", `/fileio/download?path=${q(`${COMMUNITY}/no-such-file`)}`);
    expect(missing.statusCode).toBe(404);
  });

  it("see files alice anonymized", async () => {
    const anonymized = await send("alice", "POST", "/secured/filesystem/anon-files", { paths: [NOTES] });
    expect(anonymized.statusCode, anonymized.body).toBe(200);
    const download = await send(undefined, "GET", `/fileio/download?path=${q(NOTES)}`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain("Notes of alice");
  });

  it("need a token for the /secured paths, and a bad token is 401 everywhere", async () => {
    const secured = await send(undefined, "GET", `/secured/filesystem/paged-directory?path=${q(COMMUNITY)}&limit=10`);
    expect(secured.statusCode).toBe(401);
    const badToken = await service.app.inject({
      method: "GET",
      url: `/filesystem/paged-directory?path=${q(COMMUNITY)}&limit=10`,
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json().error_code).toBe("ERR_NOT_AUTHORIZED");
  });

  it("are refused every write with 401", async () => {
    const upload = await multipartFile(new TextEncoder().encode("x"), "x.txt");
    const writes: Array<[string, object | Buffer, Record<string, string>?]> = [
      ["/filesystem/directory/create", { path: `${COMMUNITY}/mine` }],
      ["/filesystem/rename", { source: README, dest: `${COMMUNITY}/README.old` }],
      ["/filesystem/move", { sources: [README], dest: `${COMMUNITY}/reference-genomes` }],
      ["/filesystem/delete", { paths: [README] }],
      [`/fileio/upload?dest=${q(COMMUNITY)}`, upload.payload, upload.headers],
      ["/fileio/save", { dest: `${COMMUNITY}/new.txt`, content: "x" }],
      ["/filesystem/directories", { paths: [`${COMMUNITY}/a`] }],
      ["/filesystem/anon-files", { paths: [README] }],
    ];
    for (const [url, body, headers] of writes) {
      const refused = await send(undefined, "POST", url, body, headers);
      expect(refused.statusCode, `${url}: ${refused.body}`).toBe(401);
      expect(refused.json().error_code).toBe("ERR_NOT_AUTHORIZED");
    }
    const still = await send(undefined, "GET", `/fileio/download?path=${q(README)}`);
    expect(still.statusCode).toBe(200);
  });
});
