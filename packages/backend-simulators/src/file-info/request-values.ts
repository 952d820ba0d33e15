import type { FastifyRequest } from "fastify";
import { queryOf } from "../framework/caller.js";
import { Problem } from "../framework/problems.js";
import { bodyObject } from "../framework/request-values.js";
import { badField, badParameter, missingParameter } from "./errors.js";

/** data-info refuses requests naming more paths than this. */
export const MAX_PATHS_IN_REQUEST = 1000;

/** Every value of a (possibly repeated) query parameter. */
export function queryValues(request: FastifyRequest, name: string): string[] {
  const value = queryOf(request)[name];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.filter((item): item is string => typeof item === "string" && item !== "");
}

export const queryValue = (request: FastifyRequest, name: string): string | undefined => queryValues(request, name)[0];

export function requiredQuery(request: FastifyRequest, name: string): string {
  const value = queryValue(request, name);
  if (value === undefined) throw missingParameter(name);
  return value;
}

/** An integer query parameter of at least `minimum`, or undefined when absent. */
export function queryInteger(request: FastifyRequest, name: string, minimum: number): number | undefined {
  const value = queryValue(request, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < minimum) {
    throw badParameter(name, `must be an integer of at least ${minimum}`);
  }
  return Number(value);
}

/** `true`/`1` and `false`/`0`; absent is `fallback`. */
export function queryBoolean(request: FastifyRequest, name: string, fallback = false): boolean {
  const value = queryValue(request, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw badParameter(name, "must be true or false");
}

/** A JSON object body (400 otherwise). */
export const body = (request: FastifyRequest): Record<string, unknown> => bodyObject(request.body);

/** A list of strings in a body field; `required` lists must have at least one. */
export function stringList(fields: Record<string, unknown>, name: string, required = true): string[] {
  const value = fields[name];
  if (value === undefined && !required) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || item.trim() === "")) {
    throw badField(`${name} must be a list of non-blank strings`, { field: name });
  }
  if (required && value.length === 0) throw badField(`${name} needs at least one entry`, { field: name });
  if (value.length > MAX_PATHS_IN_REQUEST) {
    throw new Problem(400, "ERR_TOO_MANY_RESULTS", `at most ${MAX_PATHS_IN_REQUEST} paths per request`, {
      count: value.length,
      limit: MAX_PATHS_IN_REQUEST,
    });
  }
  return value as string[];
}

export function textField(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  if (typeof value !== "string" || value.trim() === "") throw badField(`${name} must be a non-blank string`);
  return value;
}
