import { randomUUID } from "node:crypto";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { DEMO_USER_DOMAIN, DEMO_USERS } from "../demo-users.js";
import { answers } from "../framework/answers.js";
import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { DATA_SIZE } from "../qms/catalog.js";
import type { QmsStore } from "../qms/store.js";
import { UserDataUsage } from "./answer-schemas.js";

export interface DataUsageOptions extends SimulatorOptions {
  /** QMS's database: data-usage-api answers the data.size usage QMS records. */
  qms: () => QmsStore;
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
 * (`data.size`), for users the platform knows (400 otherwise); 404 while QMS has recorded none.
 */
export function createDataUsageSimulator({ qms, ...options }: DataUsageOptions) {
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
          if (!usage) throw new DataUsageError(404, "No data usage information found for user");
          let userId = state().ids.get(short);
          if (!userId) {
            userId = randomUUID();
            state().ids.set(short, userId);
          }
          return {
            id: usage.id,
            user_id: userId,
            username: `${short}@${DEMO_USER_DOMAIN}`,
            total: Math.trunc(usage.value),
            time: usage.createdAt.toISOString(),
            last_modified: usage.lastModifiedAt.toISOString(),
          };
        },
      );
    },
  });
  return moduleSimulator("data-usage", { current }, options);
}
export type DataUsageSimulator = ReturnType<typeof createDataUsageSimulator>;
