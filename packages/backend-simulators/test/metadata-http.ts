import { expect } from "vitest";
import { createMetadataSimulator, type MetadataSimulator } from "../src/metadata/index.js";
import { perFile } from "./per-file.js";

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: answers are JSON of many shapes, each checked with expect
  body: any;
}

export type Query = Record<string, string | string[]>;

async function send(
  base: string,
  method: string,
  path: string,
  user: string | undefined,
  query: Query,
  body?: unknown,
) {
  const url = new URL(path, base);
  if (user !== undefined) url.searchParams.set("user", user);
  for (const [name, values] of Object.entries(query)) {
    for (const value of [values].flat()) url.searchParams.append(name, value);
  }
  const response = await fetch(url, {
    method,
    ...(body === undefined
      ? {}
      : {
          headers: { "content-type": "application/json" },
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
  });
  const text = await response.text();
  const json = /json/.test(response.headers.get("content-type") ?? "") && text;
  return { status: response.status, headers: response.headers, body: json ? JSON.parse(text) : text } as Answer;
}

/** Requests to the simulator as one user (or, with no user, as nobody). */
export function as(simulator: () => MetadataSimulator, user?: string) {
  const at =
    (method: string) =>
    (path: string, body?: unknown, query: Query = {}) =>
      send(simulator().url, method, path, user, query, body);
  return {
    get: (path: string, query: Query = {}) => send(simulator().url, "GET", path, user, query),
    delete: (path: string, query: Query = {}) => send(simulator().url, "DELETE", path, user, query),
    post: at("POST"),
    put: at("PUT"),
    patch: at("PATCH"),
  };
}

/** A metadata simulator on a free port for the test file, back to its seed before every test. */
export const metadataSimulatorForTests = (): (() => MetadataSimulator) =>
  perFile(
    () => createMetadataSimulator().start(),
    (simulator) => simulator.stop(),
  );

/**
 * A refusal by the service's request schemas: 400 `ERR_ILLEGAL_ARGUMENT`, `reason` the map of refused fields (or,
 * for a body that is no map at all, schema's explanation of that).
 */
export function expectSchemaRefusal(answer: Answer) {
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ error_code: "ERR_ILLEGAL_ARGUMENT", reason: expect.anything() });
  const { reason } = answer.body;
  if (typeof reason === "string") expect(reason).toMatch(/^\(not \(map\? /);
  else expect(Object.keys(reason).length).toBeGreaterThan(0);
}

/** A body that is not JSON at all, refused before any schema sees it. */
export function expectUnreadableBody(answer: Answer) {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
}
