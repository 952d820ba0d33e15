import { type Static, type TObject, type TProperties, Type } from "typebox";
import { Value } from "typebox/value";
import { ConfigError } from "./config-error.js";
import { ConnectionLimitsConfig } from "./connection-limits.js";
import { TracingConfig } from "./tracing/settings.js";

export { ConfigError };

/** Settings every service reads. */
export const ServerConfig = {
  ...ConnectionLimitsConfig,
  HOST: Type.String({ default: "0.0.0.0" }),
  LOG_LEVEL: Type.Union(
    ["fatal", "error", "warn", "info", "debug", "trace", "silent"].map((level) => Type.Literal(level)),
    { default: "info" },
  ),
  JSON_BODY_LIMIT: Type.Integer({ minimum: 1, default: 1_048_576 }),
  // Where the entrypoint (Traefik) writes an access line for every request, the services may log only what fails:
  // the line costs nearly a fifth of a passthrough's CPU in apps-proxy (docs/performance.md).
  REQUEST_LOG: Type.Union([Type.Literal("every-request"), Type.Literal("failures")], {
    default: "every-request",
    description: "which answered requests a service logs: every one, or only those answered 400 and up or errored",
  }),
  ...TracingConfig,
};

export const portSetting = (defaultPort: number) => ({
  PORT: Type.Integer({ minimum: 0, maximum: 65_535, default: defaultPort }),
});

/**
 * Reads the variables named by `schema` from `env`, applies defaults, converts numbers and booleans,
 * and throws a ConfigError naming every variable that is missing or malformed.
 */
export function loadConfig<P extends TProperties>(
  schema: TObject<P>,
  env: Record<string, string | undefined> = process.env,
): Static<TObject<P>> {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== "") picked[key] = value;
  }
  const value = Value.Convert(schema, Value.Default(schema, structuredClone(picked)));
  if (Value.Check(schema, value)) return value as Static<TObject<P>>;
  const problems = new Map<string, string>();
  for (const error of Value.Errors(schema, value)) {
    const missing = "requiredProperties" in error.params ? error.params.requiredProperties : [];
    const name = error.instancePath.replace(/^\//, "") || missing.join(", ");
    const given = name in picked ? ` (got ${JSON.stringify(picked[name])})` : " (not set)";
    if (!problems.has(name)) problems.set(name, `  ${name}: ${error.message}${given}`);
  }
  throw new ConfigError(`invalid configuration:\n${[...problems.values()].join("\n")}`);
}
