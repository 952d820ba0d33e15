import type { FastifyRequest } from "fastify";
import { DEMO_USER_DOMAIN } from "../demo-users.js";
import { badRequest, EchoError } from "./echo-errors.js";

const SUFFIX = `@${DEMO_USER_DOMAIN}`;

/** The short name the apps backend knows a user by (the analyses service strips the domain when it calls apps). */
export const shortName = (qualified: string): string => qualified.replace(/@.*$/, "");

/** Whether the service's users table has this name: every name qualified with the platform's domain. */
export const knownUser = (username: string): boolean => username.endsWith(SUFFIX) && username.length > SUFFIX.length;

/**
 * The caller named by `?user=`, which the service requires. It looks the name up in its users table, where names
 * are qualified (`alice@<domain>`): an unqualified or unknown name is not found there, which handlers that read
 * one record answer with 404 and the others with 500, as the service does.
 */
export function userOf(request: FastifyRequest, unknownStatus: 404 | 500 = 500): string {
  const user = (request.query as Record<string, unknown> | undefined)?.user;
  if (typeof user !== "string" || user === "") throw badRequest("user query parameter is required");
  if (!knownUser(user)) throw new EchoError(unknownStatus, `user not found: ${user}`);
  return user;
}
