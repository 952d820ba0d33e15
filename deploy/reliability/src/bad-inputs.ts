import type { CatalogueRow } from "@de-gateway/catalogue";

/** One malformed or hostile request a client could send to a catalogue row. */
export interface BadInput {
  method: string;
  /** Path and query, with the row's parameters filled in. */
  target: string;
  contentType?: string;
  body?: string;
}

/** Values a path parameter could be given: well-formed, climbing, undecodable, NUL, far too long. */
const PATH_VALUES = ["0b3f9a52-1111-4222-8333-444455556666", "..", "%2e%2e%2f", "%FF", "a%00b", "x".repeat(3000)];

/** Query strings with wrong types, escapes and encodings that are not UTF-8, on top of none at all. */
const QUERIES = [
  "",
  "?limit=-1&offset=abc&path=%00&sort-dir=up",
  "?path=%ED%A0%80&name=%C0%AF&dest=%E2%82&limit=99999999999999999999",
];

const JSON_TYPE = "application/json";
const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

/** Bodies: broken JSON, the wrong shapes, values no backend can take, other media types, and a large one. */
const BODIES: Array<{ contentType: string; body: string } | undefined> = [
  undefined,
  { contentType: JSON_TYPE, body: "{oops" },
  { contentType: JSON_TYPE, body: "[]" },
  { contentType: JSON_TYPE, body: "null" },
  { contentType: JSON_TYPE, body: `{ "paths" : "x", "ids": [null], "path": {"a": 1e400}, "name": 3, "limit": -5 }` },
  { contentType: JSON_TYPE, body: `{"a":${nested(5000)}}` },
  { contentType: JSON_TYPE, body: '{"name":"\\ud800","path":"/iplant/home/alice/\\u0000"}' },
  { contentType: JSON_TYPE, body: JSON.stringify({ name: "y".repeat(200_000), paths: ["/iplant/home/alice"] }) },
  { contentType: "text/plain", body: "hello" },
  { contentType: "multipart/form-data", body: "no boundary" },
];

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every bad input for one row: each parameter value, with each query, with each body its method may carry. */
export function badInputsFor(row: Pick<CatalogueRow, "method" | "path">): BadInput[] {
  const values = row.path.includes("{") ? PATH_VALUES : [undefined];
  const bodies = WITH_BODY.has(row.method) ? BODIES : [undefined];
  return values.flatMap((value) => {
    const path = value === undefined ? row.path : row.path.replace(/\{[^}]+\}/g, value);
    return QUERIES.flatMap((query) =>
      bodies.map((body) => ({ method: row.method, target: `${path}${query}`, ...(body ?? {}) })),
    );
  });
}
