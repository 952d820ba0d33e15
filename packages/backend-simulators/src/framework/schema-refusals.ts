import type { FastifyError, FastifyRequest } from "fastify";
import { isJsonObject } from "./json-object.js";
import { InvalidRequest, type SchemaRefusal } from "./problems.js";

/**
 * Requests a Clojure backend's compojure-api schemas (Prismatic schema) refuse, in schema's words: clojure-commons'
 * exception.clj handle-request-validation-errors answers them 400 `ERR_ILLEGAL_ARGUMENT` with `reason` the schema
 * error, each refused field with `missing-required-key`, `disallowed-key` or `(not (<check> <value>))`, nested the
 * way the request is (a list's valid items as null).
 */

/** How Clojure prints a value read from JSON (cheshire keywordises keys). */
export function printed(value: unknown): string {
  if (value === null || value === undefined) return "nil";
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(printed).join(" ")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `:${key} ${printed(item)}`)
      .join(", ")}}`;
  }
  return String(value);
}

/** `str` of a value, which schema measures to decide whether to show the value or only its class. */
const strOf = (value: unknown) => (typeof value === "string" ? value : value === null ? "" : printed(value));

function className(value: unknown): string {
  if (typeof value === "string") return "java.lang.String";
  if (Array.isArray(value)) return "clojure.lang.PersistentVector";
  if (typeof value === "object" && value !== null) return "clojure.lang.PersistentArrayMap";
  if (typeof value === "number") return Number.isInteger(value) ? "java.lang.Integer" : "java.lang.Double";
  return "java.lang.Boolean";
}

/** schema.utils/value-name: the value itself when short, else `a-<class>`. */
const valueName = (value: unknown) => (strOf(value).length < 20 ? printed(value) : `a-${className(value)}`);

/** A Clojure set as an enum's check prints it: `#{"a" "b"}`. */
const setOf = (values: readonly unknown[]) => `#{${values.map(printed).join(" ")}}`;

/** A failed check as schema explains it: `(not (map? nil))`, `(not (non-blank-string? ""))`. */
export const failed = (check: string, value: unknown) => `(not (${check} ${valueName(value)}))`;

export const MISSING = "missing-required-key";

/**
 * The annotation naming the Prismatic predicate behind a JSON-schema keyword of one schema, by keyword:
 * `Type.String({pattern: "\\S", [PREDICATES]: {pattern: "non-blank-string?"}})`. The validators know it as an
 * annotation (framework/validators.ts).
 */
export const PREDICATES = "prismatic-predicates";

/** The checks schema makes of a value's type, by the JSON-schema type a route's schema asked for. */
const TYPE_CHECKS: Record<string, string> = {
  string: "instance? java.lang.String",
  integer: "instance? java.lang.Long",
  number: "instance? java.lang.Number",
  boolean: "instance? java.lang.Boolean",
  array: "sequential?",
  object: "map?",
};

const FORMAT_CHECKS: Record<string, string> = { uuid: "instance? java.util.UUID" };

/** One validator error as Fastify reports it (Ajv's). */
type Refusal = NonNullable<FastifyError["validation"]>[number];

const at = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** The schema node a validator error's `schemaPath` (`#/properties/x/pattern`) names the keyword of. */
function schemaNode(root: unknown, schemaPath: string): unknown {
  const segments = schemaPath.replace(/^#\/?/, "").split("/").filter(Boolean).slice(0, -1);
  return segments.reduce((node, segment) => at(node, decodeURIComponent(segment.replace(/~1/g, "/"))), root);
}

function explained(refusal: Refusal, value: unknown, node: unknown): string {
  const params = refusal.params as Record<string, unknown>;
  if (refusal.keyword === "type") return failed(TYPE_CHECKS[String(params.type)] ?? String(params.type), value);
  if (refusal.keyword === "enum") {
    const allowed = (params.allowedValues as unknown[] | undefined) ?? [];
    return failed(setOf(allowed), value);
  }
  if (refusal.keyword === "format") return failed(FORMAT_CHECKS[String(params.format)] ?? "valid?", value);
  if (refusal.keyword === "anyOf") {
    const branches = (at(node, "anyOf") as unknown[] | undefined) ?? [];
    const constants = branches.map((branch) => at(branch, "const"));
    // A union of literals is schema's enum; any other union, its either.
    if (constants.every((constant) => constant !== undefined)) return failed(setOf(constants), value);
    return failed("some-matching-either-clause?", value);
  }
  const predicate = at(at(node, PREDICATES), refusal.keyword);
  return failed(typeof predicate === "string" ? predicate : `${refusal.keyword}?`, value);
}

/** The schema error at `path` in `data`, nested as schema nests it: maps by key, lists item by item. */
function nested(path: readonly string[], data: unknown, leaf: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (Array.isArray(data)) {
    return data.map((item, index) => (String(index) === head ? nested(rest, item, leaf) : null));
  }
  return { [head]: nested(rest, at(data, head), leaf) };
}

/** Path parameters as compojure-api names them (`:data-id`), from the simulators' route names (`dataId`). */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const PARTS = { body: "body", querystring: "query", params: "params", headers: "headers" } as const;

/** The schema error one validator error makes, nested at its field as schema nests it. */
function refusedField(refusal: Refusal, request: FastifyRequest, context: keyof typeof PARTS): unknown {
  const data = request[PARTS[context]] as unknown;
  const path = refusal.instancePath.split("/").filter(Boolean);
  const missing = (refusal.params as { missingProperty?: unknown }).missingProperty;
  const root = request.routeOptions.schema?.[context];
  const leaf =
    typeof missing === "string"
      ? MISSING
      : explained(
          refusal,
          path.reduce<unknown>((value, key) => at(value, key), data),
          schemaNode(root, refusal.schemaPath),
        );
  const fullPath = typeof missing === "string" ? [...path, missing] : path;
  const named = context === "params" ? fullPath.map(kebab) : fullPath;
  return nested(named, data, leaf);
}

/** Two schema errors of one request as one: maps by key, lists item by item, the first explanation of a field kept. */
function merged(first: unknown, second: unknown): unknown {
  if (first === undefined || first === null) return second;
  if (isJsonObject(first) && isJsonObject(second)) {
    const both = { ...first };
    for (const [key, value] of Object.entries(second)) both[key] = merged(first[key], value);
    return both;
  }
  if (Array.isArray(first) && Array.isArray(second)) {
    return Array.from({ length: Math.max(first.length, second.length) }, (_, index) =>
      merged(first[index], second[index]),
    );
  }
  return first;
}

/**
 * A request a route's schemas refused, as compojure-api and clojure-commons refuse it: every refused field at once
 * (the simulators' validators report them all, `validators.ts`), each with what was wrong.
 */
export const prismaticRefusal: SchemaRefusal = (error, request: FastifyRequest) => {
  const context = (error.validationContext ?? "body") as keyof typeof PARTS;
  // A union's branches each report why they did not match; schema explains the union as a whole (its anyOf error).
  const refusals = (error.validation ?? []).filter((refusal) => !refusal.schemaPath.includes("/anyOf/"));
  if (refusals.length === 0) return new InvalidRequest(error.message);
  const reason = refusals.reduce<unknown>(
    (fields, refusal) => merged(fields, refusedField(refusal, request, context)),
    undefined,
  );
  return new InvalidRequest(typeof reason === "string" ? reason : (reason as Record<string, unknown>));
};
