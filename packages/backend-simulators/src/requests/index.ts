import type { FastifyInstance } from "fastify";
import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { RequestsError } from "./errors.js";
import { requestTypeRoutes } from "./request-types.js";
import { type NotificationAgent, requestRoutes } from "./requests.js";
import { seededRequestsState } from "./seed.js";
import type { RequestsState } from "./state.js";

export type { AdministrativeRequest, RequestsState, RequestType } from "./state.js";

function answerErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof RequestsError)
      return reply.code(error.status).send({ message: error.message, ...error.extra });
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    return reply.code(status).send({ message: error.message });
  });
}

export interface RequestsSimulatorOptions extends SimulatorOptions {
  /** Told of each status change, as the service tells the notification agent (the platform passes notifications'). */
  notificationAgent?: NotificationAgent;
}

/** The requests service (cyverse-de/requests): administrative requests such as asking for VICE access. */
export function createRequestsSimulator(options: RequestsSimulatorOptions = {}) {
  const notificationAgent = options.notificationAgent ?? (() => {});
  const requests = defineModule<RequestsState>({
    makeState: seededRequestsState,
    async routes(app, state) {
      await app.register(async (scope) => {
        answerErrors(scope);
        requestTypeRoutes(scope, state);
        requestRoutes(scope, state, notificationAgent);
      });
    },
  });
  return moduleSimulator("requests", { requests }, options);
}
export type RequestsSimulator = ReturnType<typeof createRequestsSimulator>;
