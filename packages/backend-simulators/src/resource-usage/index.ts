import type { FastifyReply, FastifyRequest } from "fastify";
import { DEMO_USER_DOMAIN } from "../demo-users.js";
import { answers } from "../framework/answers.js";
import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { UserSummary } from "./answer-schemas.js";
import { readSummary } from "./read-summary.js";
import { EMPTY_SUMMARY, userSummary } from "./summary.js";

export interface ResourceUsageOptions extends SimulatorOptions {
  /** Where the subscriptions service (its `/summary/{user}`) answers, once it is started. */
  subscriptionsUrl: () => string;
}

/**
 * The user as the service names them to the subscriptions service (internal/internal.go FixUsername): the domain
 * is appended unless the configured suffix ends with the whole name, so a qualified name gets it twice (that
 * service drops everything from the first `@`).
 */
const fixedUsername = (username: string) =>
  `@${DEMO_USER_DOMAIN}`.endsWith(username) ? username : `${username}@${DEMO_USER_DOMAIN}`;

/**
 * resource-usage-api's `GET /summary/{username}` as a deployment with QMS enabled answers it (internal/summary.go:
 * the HTTP summarizer): the user's CPU hours, data usage and subscription, all from the subscriptions service's
 * summary, always 200. See read-summary.ts for what it makes of an answer it cannot use.
 */
export function createResourceUsageSimulator({ subscriptionsUrl, ...options }: ResourceUsageOptions) {
  const summary = defineModule<Record<string, never>>({
    makeState: () => ({}),
    routes(app) {
      const handler = async (request: FastifyRequest<{ Params: { username: string } }>, reply: FastifyReply) => {
        const caller = new AbortController();
        reply.raw.on("close", () => caller.abort());
        const url = `${subscriptionsUrl()}/summary/${fixedUsername(request.params.username)}`;
        const read = await readSummary(url, caller.signal);
        if (read.kind === "panics") {
          reply.hijack();
          request.raw.socket.destroy();
          return;
        }
        return read.kind === "read" ? userSummary(read.subscription) : EMPTY_SUMMARY;
      };
      app.get<{ Params: { username: string } }>("/summary/:username", answers({ 200: UserSummary }), handler);
      app.get<{ Params: { username: string } }>("/summary/:username/", answers({ 200: UserSummary }), handler);
    },
  });
  return moduleSimulator("resource-usage", { summary }, options);
}
export type ResourceUsageSimulator = ReturnType<typeof createResourceUsageSimulator>;
