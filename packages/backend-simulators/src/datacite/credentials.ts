import type { FastifyRequest } from "fastify";
import { DATACITE_ACCOUNT } from "./account.js";
import { badCredentials } from "./errors.js";

/** Checks the repository account's basic auth; DataCite matches repository ids case-insensitively. */
export function checkCredentials(request: FastifyRequest): void {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  if (!match?.[1]) throw badCredentials();
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const separator = decoded.indexOf(":");
  const username = decoded.slice(0, separator);
  const password = decoded.slice(separator + 1);
  if (separator < 0 || username.toUpperCase() !== DATACITE_ACCOUNT.username || password !== DATACITE_ACCOUNT.password) {
    throw badCredentials();
  }
}
