import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

const SOURCE = "[a-z][a-z0-9-]*=https?://[^\\s,=]+";

/** Environment docs reads. */
export const Config = Type.Object({
  ...portSetting(3007),
  ...ServerConfig,
  /**
   * The services whose own documents are merged, in the order the document lists them: comma-separated
   * `name=origin` pairs, e.g. `groups=http://groups:3002,oauth=http://oauth:3006`.
   */
  OPENAPI_SOURCES: Type.String({ pattern: `^\\s*${SOURCE}(\\s*,\\s*${SOURCE})*\\s*$` }),
  /** How long a complete merged document is served before the services are asked again, in milliseconds. */
  OPENAPI_CACHE_MS: Type.Integer({ minimum: 0, default: 30_000 }),
  /** Longest wait for one service's document, in milliseconds. */
  OPENAPI_FETCH_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 5_000 }),
});
export type Config = Static<typeof Config>;

export interface DocumentSource {
  service: string;
  origin: string;
}

/** `groups=http://groups:3002, oauth=http://oauth:3006` → the services and their origins, in order. */
export function documentSources(text: string): DocumentSource[] {
  return text.split(",").map((pair) => {
    const [service = "", origin = ""] = pair.trim().split("=");
    return { service, origin: origin.replace(/\/+$/, "") };
  });
}
