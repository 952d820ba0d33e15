import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { createService, type Service, type ServiceOptions } from "./create-service.js";
import type { RequestLogPolicy } from "./request-log.js";

interface CommonConfig {
  LOG_LEVEL: string;
  JSON_BODY_LIMIT: number;
  REQUEST_LOG: RequestLogPolicy;
}

/** Creates the shared skeleton and registers the service's own plugin on it. */
export async function buildService<C extends CommonConfig>(
  name: string,
  plugin: FastifyPluginAsyncTypebox<{ config: C }>,
  config: C,
  options: Pick<ServiceOptions, "rewriteUrl"> = {},
): Promise<Service> {
  const app = await createService({
    name,
    logLevel: config.LOG_LEVEL,
    bodyLimit: config.JSON_BODY_LIMIT,
    requestLog: config.REQUEST_LOG,
    ...options,
  });
  await app.register(plugin, { config });
  return app;
}
