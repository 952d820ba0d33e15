import { type ServiceUnderTest, seedId, startServiceUnderTest } from "@de-gateway/backend-simulators";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

/** The data service against every simulator, with backend limits short enough for failure tests and long enough for a loaded machine. */
export const startData = (overrides: Record<string, string> = {}) =>
  startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "5000", FAVORITES_TIMEOUT_MS: "1000", ...overrides });

type Method = NonNullable<InjectOptions["method"]>;

/** `send("alice", "GET", "/secured/...")`: a request through the service as a demo user, or anonymous (undefined). */
export function sender(service: () => ServiceUnderTest) {
  return async (
    user: string | undefined,
    method: Method,
    url: string,
    payload?: InjectOptions["payload"],
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    service().app.inject({
      method,
      url,
      headers: { ...(user ? await service().as(user) : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
}

/** A multipart/form-data body with one file part, encoded by the platform's own FormData. */
export async function multipartFile(
  bytes: Uint8Array,
  filename: string,
  field = "file",
): Promise<{ payload: Buffer; headers: { "content-type": string } }> {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type: "application/octet-stream" }), filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { "content-type": encoded.headers.get("content-type") as string },
  };
}

/** Deterministic bytes of every value, as large as asked. */
export const patternBytes = (size: number): Uint8Array =>
  Uint8Array.from({ length: size }, (_, i) => (i * 31 + 7) % 256);

export const HOME = (user: string) => `/iplant/home/${user}`;
export const q = encodeURIComponent;

/** The fixed UUID of a seeded file or folder in a demo user's home, e.g. `seeded("alice", "notes.txt")`. */
export const seeded = (user: string, relative: string) => seedId(`${HOME(user)}/${relative}`);
