import { isJsonObject } from "../framework/json-object.js";
/** A query the search service cannot run: answered 400 `{error}`, as the service answers. */
export class QueryError extends Error {}

/**
 * A clause's `args`, decoded the way the service decodes them into its argument records: names in any case,
 * unknown names ignored, a missing or null value the type's zero value, a value of another type refused.
 */
export class ClauseArgs {
  private readonly values: Map<string, unknown>;

  constructor(
    private readonly type: string,
    raw: unknown,
  ) {
    if (raw !== undefined && raw !== null && !isJsonObject(raw))
      throw new QueryError(`${type}: args must be an object`);
    this.values = new Map(Object.entries(raw ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  }

  private value(name: string): unknown {
    return this.values.get(name.toLowerCase()) ?? undefined;
  }

  private refused(name: string, expected: string, value: unknown): QueryError {
    return new QueryError(`${this.type}: '${name}' expected type '${expected}', got '${JSON.stringify(value)}'`);
  }

  string(name: string): string {
    const value = this.value(name);
    if (value === undefined || value === null) return "";
    if (typeof value !== "string") throw this.refused(name, "string", value);
    return value;
  }

  bool(name: string): boolean {
    const value = this.value(name);
    if (value === undefined || value === null) return false;
    if (typeof value !== "boolean") throw this.refused(name, "bool", value);
    return value;
  }

  strings(name: string): string[] {
    const value = this.value(name);
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
      throw this.refused(name, "[]string", value);
    }
    return value;
  }
}
