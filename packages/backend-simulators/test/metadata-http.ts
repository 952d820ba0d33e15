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
