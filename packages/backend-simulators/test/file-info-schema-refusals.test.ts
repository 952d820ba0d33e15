import { describe, expect, it } from "vitest";
import { call, useFileInfo } from "./file-info-client.js";

const sim = useFileInfo();

const ALICE = "/iplant/home/alice";
const alice = (method: string, path: string, json?: unknown) => call(sim(), method, path, { user: "alice", json });
/** compojure-api's refusal of a body its schema does not accept, as clojure-commons answers it. */
const refused = (reason: unknown) => ({ status: 400, body: { error_code: "ERR_ILLEGAL_ARGUMENT", reason } });

describe("bodies data-info's schemas refuse", () => {
  it("names each refused field of a path list with schema's explanation", async () => {
    expect(await alice("POST", "/deleter", {})).toMatchObject(refused({ paths: "missing-required-key" }));
    expect(await alice("POST", "/deleter", { paths: [] })).toMatchObject(refused({ paths: ["(not (present? path))"] }));
    expect(await alice("POST", "/deleter", { paths: "x" })).toMatchObject(
      refused({ paths: '(not (sequential? "x"))' }),
    );
    expect(await alice("POST", "/path-info", { paths: [`${ALICE}/notes.txt`, " ", 7] })).toMatchObject(
      refused({ paths: [null, '(not (non-blank-string? " "))', "(not (instance? java.lang.String 7))"] }),
    );
  });

  it("refuses a body that is no map, or none, with the one-line explanation", async () => {
    expect(await alice("POST", "/deleter", [`${ALICE}/notes.txt`])).toMatchObject(
      // schema shows a value whose text is 20 characters or more by its class only.
      refused("(not (map? a-clojure.lang.PersistentVector))"),
    );
    expect(await alice("POST", "/restorer")).toMatchObject(refused("(not (map? nil))"));
  });

  it("names a missing or blank text field", async () => {
    const id = (await call(sim(), "GET", "/data/uuid", { user: "alice", query: { path: `${ALICE}/notes.txt` } })).body
      .id;
    expect(await alice("PUT", `/data/${id}/name`, {})).toMatchObject(refused({ filename: "missing-required-key" }));
    expect(await alice("PUT", `/data/${id}/name`, { filename: "" })).toMatchObject(
      refused({ filename: '(not (non-blank-string? ""))' }),
    );
  });
});

describe("restoring with nothing to restore", () => {
  it("fails as data-info's response schema refuses the nil its restore-paths returns", async () => {
    for (const json of [{}, { paths: [] }]) {
      expect(await alice("POST", "/restorer", json)).toMatchObject({
        status: 500,
        body: { error_code: "ERR_SCHEMA_VALIDATION", reason: "(not (map? nil))" },
      });
    }
  });
});
