import type { KeyObject } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { jwtVerify } from "jose";
import { accessDenied } from "./errors.js";

const DE_JWT_HEADER = "x-iplant-de-jwt";

/**
 * Who calls CoGe: the subject of the `X-Iplant-De-Jwt` signed with the key CoGe trusts, or nobody when
 * the header is absent (public genomes only). A token that does not verify is refused, never ignored.
 */
export type CallerOf = (request: FastifyRequest) => Promise<string | undefined>;

export function callerVerifiedBy(trustedKey: Promise<KeyObject>): CallerOf {
  return async (request) => {
    const token = request.headers[DE_JWT_HEADER];
    if (typeof token !== "string" || token === "") return undefined;
    try {
      const { payload } = await jwtVerify(token, await trustedKey, { algorithms: ["RS256"] });
      if (typeof payload.sub !== "string" || payload.sub === "") throw accessDenied();
      return payload.sub;
    } catch {
      throw accessDenied();
    }
  };
}

/** The caller, who must be signed in (jobs and loads). */
export async function signedInCaller(callerOf: CallerOf, request: FastifyRequest): Promise<string> {
  const caller = await callerOf(request);
  if (!caller) throw accessDenied();
  return caller;
}
