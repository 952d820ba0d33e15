import { randomUUID } from "node:crypto";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { DEMO_USER_DOMAIN, DEMO_USERS } from "../demo-users.js";
import { answers } from "../framework/answers.js";
import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { DATA_SIZE } from "../qms/catalog.js";
import type { QmsStore } from "../qms/store.js";
import { UserDataUsage } from "./answer-schemas.js";

/** data-usage-api's `dataUsageApi.refreshInterval` as the service's default configuration sets it (`main.go`). */
export const REFRESH_INTERVAL_MS = 3 * 60 * 60 * 1000;

export interface DataUsageOptions extends SimulatorOptions {
  /** QMS's database: data-usage-api answers the data.size usage QMS records, and records what it counts there. */
  qms: () => QmsStore;
  /** The bytes a user stores, as data-usage-api counts them in the data store's catalogue (the ICAT). */
  storedBytes: (username: string) => number;
}

/** A refusal as data-usage-api answers it: `{message, error_code: "<status>"}`. */
class DataUsageError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const dataUsageErrors = {
  errorHandler(error: FastifyError | DataUsageError, _request: FastifyRequest, reply: FastifyReply) {
    const status = error.statusCode ?? 500;
    return reply.code(status).send({ message: error.message, error_code: String(status) });
  },
};

/** The platform's database ids of its users, given on first sight (data-usage-api answers the DE's user, not QMS's). */
export interface DeUsers {
  ids: Map<string, string>;
}

/**
 * data-usage-api's `GET /{username}/data/current`: the user's current data store usage as QMS records it
 * (`data.size`), for users the platform knows (400 otherwise). While QMS has recorded none it answers 404 and has the
 * user's usage counted, as it does once the reading it records is older than the refresh interval (after answering
 * the old one): the service queues the count, and its worker SETs the sum in QMS (`api/lookup.go`,
 * `amqp/handlers.go`). Here the count is done at once, so the next request sees it.
 */
export function createDataUsageSimulator({ qms, storedBytes, ...options }: DataUsageOptions) {
  const recount = (user: string) => qms().applyUsage(user, DATA_SIZE, "SET", storedBytes(user));
  const current = defineModule<DeUsers>({
    makeState: () => ({ ids: new Map() }),
    routes(app, state) {
      app.get<{ Params: { username: string } }>(
        "/:username/data/current",
        { ...dataUsageErrors, ...answers({ 200: UserDataUsage }) },
        async (request) => {
          const short = request.params.username.replace(/@.*$/, "");
          if (!DEMO_USERS.some((user) => user.username === short)) {
            throw new DataUsageError(400, `user ${short}@${DEMO_USER_DOMAIN} not found`);
          }
          const subscription = qms().activeSubscription(short);
          const usage = subscription.usages.get(DATA_SIZE.id);
          if (!usage) {
            recount(short);
            throw new DataUsageError(404, "No data usage information found for user");
          }
          let userId = state().ids.get(short);
          if (!userId) {
            userId = randomUUID();
            state().ids.set(short, userId);
          }
          const answer = {
            id: usage.id,
            user_id: userId,
            username: `${short}@${DEMO_USER_DOMAIN}`,
            total: Math.trunc(usage.value),
            time: usage.createdAt.toISOString(),
            last_modified: usage.lastModifiedAt.toISOString(),
          };
          // The reading's time is when QMS first recorded it, so once that is older than the interval every
          // request has the usage counted again.
          if (usage.createdAt.getTime() + REFRESH_INTERVAL_MS < Date.now()) recount(short);
          return answer;
        },
      );
    },
  });
  return Object.assign(moduleSimulator("data-usage", { current }, options), {
    /**
     * data-usage-api's batch (`index.usage.data`, published on a schedule): every user of the data store counted
     * into QMS, in batches by username (`amqp/handlers.go` SendBatchMessages, UpdateUserBatchHandler). The demo
     * world runs it once at start, so that the dashboard's data-usage bar shows what each user stores.
     */
    countEveryone(): void {
      for (const { username } of DEMO_USERS) recount(username);
    },
  });
}
export type DataUsageSimulator = ReturnType<typeof createDataUsageSimulator>;
