import type { FastifyRequest } from "fastify";
import { badRequest } from "./problems.js";

/** Who is calling, as the gateway tells the apps backend with every request (`user`, `email`, names). */
export interface Caller {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

export function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

const OPTIONAL_IDENTITY = ["email", "first-name", "last-name"] as const;

/**
 * The caller named by the identity parameters. The backend refuses requests without `user`, and e-mail or names
 * that are sent blank (its schema allows leaving them out, not sending them empty).
 */
export function callerOf(request: FastifyRequest): Caller {
  const query = queryOf(request);
  const username = text(query.user);
  if (!username) throw badRequest("the user query parameter is required", "ERR_MISSING_QUERY_PARAMETER");
  const blank = OPTIONAL_IDENTITY.find((name) => name in query && !text(query[name]).trim());
  if (blank) throw badRequest(`the ${blank} query parameter may not be blank`, "ERR_ILLEGAL_ARGUMENT");
  return {
    username,
    email: text(query.email),
    firstName: text(query["first-name"]),
    lastName: text(query["last-name"]),
  };
}

export const fullName = (caller: Caller) => `${caller.firstName} ${caller.lastName}`.trim() || caller.username;
