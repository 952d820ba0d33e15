import { type ServiceUnderTest, seedId, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import type { Avu } from "../src/permanent-ids/avus.js";

/** The data service against every simulator, with backend limits short enough for failure tests and long enough for a loaded machine. */
export const startData = (overrides: Record<string, string> = {}) =>
  startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "5000", FAVORITES_TIMEOUT_MS: "1000", ...overrides });

/**
 * The data service for one test file: started before its tests, stopped after them, and every test starts from
 * the simulators' seed state. Use it as the service itself (`service.platform`, `service.send(...)`).
 */
export function useDataService(overrides: Record<string, string> = {}): ServiceUnderTest {
  let started: ServiceUnderTest | undefined;
  beforeAll(async () => {
    started = await startData(overrides);
  });
  afterAll(() => started?.close());
  beforeEach(() => started?.platform.reset());
  const current = () => {
    if (!started) throw new Error("the data service starts in beforeAll");
    return started;
  };
  return {
    get platform() {
      return current().platform;
    },
    get app() {
      return current().app;
    },
    as: (username) => current().as(username),
    send: (...request) => current().send(...request),
    close: () => current().close(),
  };
}

/** Which of `paths` exist for `user`, as the data service's `exists` answers it. */
export async function pathsExist(
  send: ServiceUnderTest["send"],
  user: string,
  ...paths: string[]
): Promise<Record<string, boolean>> {
  return (await send(user, "POST", "/secured/filesystem/exists", { paths })).json().paths;
}

/** A multipart/form-data body as the platform's own FormData encodes the form `fill` builds. */
export async function multipartForm(
  fill: (form: FormData) => void,
): Promise<{ payload: Buffer; headers: { "content-type": string } }> {
  const form = new FormData();
  fill(form);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { "content-type": encoded.headers.get("content-type") as string },
  };
}

/** A multipart/form-data body with one file part. */
export const multipartFile = (bytes: Uint8Array, filename: string, field = "file") =>
  multipartForm((form) => form.append(field, new Blob([bytes], { type: "application/octet-stream" }), filename));

/** Deterministic bytes of every value, as large as asked. */
export const patternBytes = (size: number): Uint8Array =>
  Uint8Array.from({ length: size }, (_, i) => (i * 31 + 7) % 256);

/** The refusal of a path that is not absolute or holds empty, `.` or `..` segments, naming the field it came in. */
export const badPathRefusal = (field: string, value: string) => ({
  error_code: "ERR_BAD_OR_MISSING_FIELD",
  reason: `${field} must be an absolute path without empty, . or .. segments`,
  [field]: value,
});

export const HOME = (user: string) => `/iplant/home/${user}`;
export const q = encodeURIComponent;

/** The fixed UUID of a seeded file or folder in a demo user's home, e.g. `seeded("alice", "notes.txt")`. */
export const seeded = (user: string, relative: string) => seedId(`${HOME(user)}/${relative}`);

export type { Avu } from "../src/permanent-ids/avus.js";

/** An AVU with no unit, holding `avus` nested in it, as the metadata routes take them. */
export const avu = (attr: string, value: string, ...avus: Avu[]): Avu => ({
  attr,
  value,
  unit: "",
  ...(avus.length ? { avus } : {}),
});
