import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { createFileInfoSimulator, type FileInfoSimulator } from "../src/file-info/index.js";
import { createMetadataSimulator, type MetadataSimulator } from "../src/metadata/index.js";
import { perFile } from "./per-file.js";

export type Sim = FileInfoSimulator;

/** A file-info simulator, with the metadata service data-info keeps items' AVUs in when one is given. */
export const startFileInfo = (metadata?: MetadataSimulator) =>
  createFileInfoSimulator(metadata ? { metadataUrl: () => metadata.url } : {}).start();

/**
 * A file-info simulator and its metadata service for one test file: started before its tests, disposed after, both
 * reset to their seeds before each.
 */
export const useFileInfo = (): (() => Sim) => {
  const metadata = perFile(
    () => createMetadataSimulator().start(),
    (sim) => sim.dispose(),
  );
  return perFile(
    () => startFileInfo(metadata()),
    (sim) => sim.dispose(),
  );
};

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the simulator answered
  body: any;
  bytes: Buffer;
}

/** A request to the simulator as `user` (none when undefined), with query parameters and a JSON body. */
export async function call(
  sim: Sim,
  method: string,
  path: string,
  options: {
    user?: string;
    query?: Record<string, string | string[]>;
    json?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const url = new URL(path, sim.url);
  if (options.user !== undefined) url.searchParams.set("user", options.user);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, item);
  }
  const response = await fetch(url, {
    method,
    headers: { ...(options.json === undefined ? {} : { "content-type": "application/json" }), ...options.headers },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString("utf8");
  let body: unknown = text;
  if (response.headers.get("content-type")?.includes("application/json")) body = text ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, body, bytes };
}

/** `/data/path/…` of a logical path, each name encoded on its own as terrain does. */
export const dataPathUrl = (path: string) => `/data/path${path.split("/").map(encodeURIComponent).join("/")}`;

export const download = (sim: Sim, path: string, user: string, headers: Record<string, string> = {}) =>
  call(sim, "GET", dataPathUrl(path), { user, headers });

export const listing = (sim: Sim, path: string, user: string, query: Record<string, string | string[]> = {}) =>
  call(sim, "GET", dataPathUrl(path), { user, query: { limit: "100", ...query } });

export async function upload(
  sim: Sim,
  dest: string,
  user: string,
  name: string,
  contents: Uint8Array | string,
): Promise<Pick<Answer, "status" | "body">> {
  const form = new FormData();
  form.append("file", new Blob([contents]), name);
  const response = await fetch(`${sim.url}/data?user=${user}&dest=${encodeURIComponent(dest)}`, {
    method: "POST",
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** A GET with the request target sent exactly as written (fetch would normalise `..` and `%2e`). */
export function rawGet(sim: Sim, target: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(sim.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path: target, method: "GET" }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: response.statusCode ?? 0, body: text.startsWith("{") ? JSON.parse(text) : text });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

export const idOf = async (sim: Sim, path: string, user: string): Promise<string> =>
  (await call(sim, "GET", "/data/uuid", { user, query: { path } })).body.id;

/** Every file and folder under a directory on disk, relative to it. */
export function filesUnder(directory: string, prefix = ""): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((item) => {
    const relative = join(prefix, item.name);
    return item.isDirectory() ? [relative, ...filesUnder(join(directory, item.name), relative)] : [relative];
  });
}

export const store = (sim: Sim) => sim.state.dataStore;
