import { loadServiceRoutes, RouteTable, repoRoot, routersOf } from "@de-gateway/routing";
import { describe, expect, it } from "vitest";
import { HOME, q, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const NOTES = `${HOME("alice")}/notes.txt`;

describe("the web client's paths without /secured", () => {
  it("answer as the /secured routes do, for listings, stats, downloads and file types", async () => {
    const pairs: Array<[string, "GET" | "POST", object?]> = [
      [`/filesystem/paged-directory?path=${q(HOME("alice"))}&limit=10&sort-col=NAME&sort-dir=ASC`, "GET"],
      ["/filesystem/stat", "POST", { paths: [NOTES] }],
      [`/fileio/download?path=${q(NOTES)}`, "GET"],
      ["/filetypes/type-list", "GET"],
      [`/filesystem/read-chunk`, "POST", { path: NOTES, position: 0, "chunk-size": 5 }],
    ];
    for (const [url, method, body] of pairs) {
      const unprefixed = await send("alice", method, url, body);
      const secured = await send("alice", method, `/secured${url}`, body);
      expect(unprefixed.statusCode, `${url}: ${unprefixed.body}`).toBe(200);
      expect(unprefixed.rawPayload.equals(secured.rawPayload), url).toBe(true);
      expect(unprefixed.headers["content-type"]).toBe(secured.headers["content-type"]);
    }
  });

  it("need the same sign-in (but for the reads open to visitors) and give the same refusals", async () => {
    const anonymous = await send(undefined, "POST", "/filesystem/rename", { source: NOTES, dest: `${NOTES}.old` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error_code).toBe("ERR_NOT_AUTHORIZED");
    const notBobs = await send("bob", "GET", `/fileio/download?path=${q(NOTES)}`);
    const notBobsSecured = await send("bob", "GET", `/secured/fileio/download?path=${q(NOTES)}`);
    expect(notBobs.statusCode).toBeGreaterThanOrEqual(400);
    expect([notBobs.statusCode, notBobs.json()]).toEqual([notBobsSecured.statusCode, notBobsSecured.json()]);
    expect((await send("alice", "GET", "/filesystem/no-such-operation")).statusCode).toBe(404);
  });

  it("reach the data service through the edge's routes", () => {
    const table = new RouteTable(routersOf(loadServiceRoutes(repoRoot())));
    for (const path of ["/filesystem/paged-directory", "/fileio/download", "/filetypes/type-list"]) {
      expect(table.match({ path })?.service, path).toBe("data");
    }
  });
});
