import { type BackendName, backendUrlsFrom } from "@de-gateway/backend-clients";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Config } from "../config.js";
import { type ProbeResult, ProbeResultSchema, probeBackend } from "./backend-probe.js";

/** Where a backend shows it is alive; its root unless it has a page for that (DataCite's heartbeat). */
const PROBE_PATH: Partial<Record<BackendName, string>> = { datacite: "/heartbeat" };

const StatusAnswer = Type.Object({
  status: Type.Union([Type.Literal("ok"), Type.Literal("degraded")], {
    description: "`ok` when every configured backend is up",
  }),
  backends: Type.Record(Type.String(), ProbeResultSchema, {
    description: "each backend this deployment is configured with, by role",
  }),
});

/**
 * `GET /admin/status`: every backend this deployment names is probed at once, each within
 * STATUS_TIMEOUT_MS, so one backend down or hanging shows as such without failing the answer.
 */
export const adminStatus: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const urls = Object.entries(backendUrlsFrom(config)) as Array<[BackendName, string]>;
  app.get(
    "/admin/status",
    {
      config: { auth: "admin" },
      schema: {
        summary: "Whether each backend answers, and how fast",
        tags: ["admin"],
        response: { 200: StatusAnswer, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const results = await Promise.all(
        urls.map(
          async ([name, url]): Promise<[BackendName, ProbeResult]> => [
            name,
            await probeBackend(url, PROBE_PATH[name] ?? "/", config.STATUS_TIMEOUT_MS, request.id),
          ],
        ),
      );
      return {
        status: results.every(([, result]) => result.up) ? "ok" : "degraded",
        backends: Object.fromEntries(results),
      } as const;
    },
  );
};
