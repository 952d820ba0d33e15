/** A setting that is missing or malformed: the process says which and exits (runService). */
export class ConfigError extends Error {
  override name = "ConfigError";
}
