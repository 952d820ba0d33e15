import { type TSchema, Type } from "typebox";
import { publicUrl } from "./public-url.js";

/** How one backend answered its probe. `ms` is the time until its answer or until giving up. */
export interface ProbeResult {
  url: string;
  up: boolean;
  status?: number;
  error?: "unreachable" | "timeout" | "server error";
  ms: number;
}

export const ProbeResultSchema: TSchema = Type.Object({
  url: Type.String({ description: "the backend's URL, without credentials" }),
  up: Type.Boolean({ description: "it answered in time, with a status below 500" }),
  status: Type.Optional(Type.Integer({ description: "the status it answered with" })),
  error: Type.Optional(
    Type.Union([Type.Literal("unreachable"), Type.Literal("timeout"), Type.Literal("server error")]),
  ),
  ms: Type.Integer({ description: "milliseconds until it answered or the probe gave up" }),
});

const isTimeout = (error: unknown) => error instanceof Error && error.name === "TimeoutError";

/**
 * Asks a backend whether it is there: `GET` on `path` below its URL, given up after `timeoutMs`. Any
 * answer below 500 counts as up, since it shows the backend serving (a 404 at a path it has no page for
 * included); a 5xx, a refused connection or silence counts as down. Never throws.
 */
export async function probeBackend(
  baseUrl: string,
  path: string,
  timeoutMs: number,
  requestId: string,
): Promise<ProbeResult> {
  const url = publicUrl(baseUrl) ?? "";
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(`${url.replace(/\/+$/, "")}${path}`, {
      headers: { accept: "application/json", "x-request-id": requestId },
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    const up = response.status < 500;
    return { url, up, status: response.status, ...(up ? {} : { error: "server error" }), ms: ms() };
  } catch (error) {
    return { url, up: false, error: isTimeout(error) ? "timeout" : "unreachable", ms: ms() };
  }
}
