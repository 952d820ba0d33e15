import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type ConnectionLimitsConfig, connectionLimitsFrom } from "./connection-limits.js";
import { createService, type Service, type ServiceOptions } from "./create-service.js";
import type { RequestLogPolicy } from "./request-log.js";
import { type TracingConfigValues, tracingSettingsFrom } from "./tracing/settings.js";

type LimitSettings = { [K in keyof typeof ConnectionLimitsConfig]?: number };

interface CommonConfig extends LimitSettings, TracingConfigValues {
  LOG_LEVEL: string;
  JSON_BODY_LIMIT: number;
  REQUEST_LOG: RequestLogPolicy;
}

/**
 * Creates the shared skeleton and registers the service's own plugin on it. A tracing setting the service cannot
 * honour is a ConfigError.
 */
export async function buildService<C extends CommonConfig>(
  name: string,
  plugin: FastifyPluginAsyncTypebox<{ config: C }>,
  config: C,
  options: Pick<ServiceOptions, "rewriteUrl" | "logStream" | "ignoreDuplicateSlashes"> = {},
): Promise<Service> {
  const app = await createService({
    name,
    logLevel: config.LOG_LEVEL,
    bodyLimit: config.JSON_BODY_LIMIT,
    requestLog: config.REQUEST_LOG,
    limits: connectionLimitsFrom(config),
    tracing: tracingSettingsFrom(config, name),
    ...options,
  });
  await app.register(plugin, { config });
  return app;
}
