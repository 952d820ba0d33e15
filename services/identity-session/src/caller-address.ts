import { isIP } from "node:net";
import { badRequest } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/**
 * The address the caller connects from, as the front router saw it. The edge and Traefik replace whatever
 * `X-Forwarded-For` a client sent with the address they saw, so its first entry is that address; without the
 * header (a direct call) it is the socket's peer. An IPv4 peer reached over an IPv6 socket is written as IPv4.
 */
export function observedAddress(request: FastifyRequest): string | undefined {
  const forwarded = request.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  const candidate = first || request.socket.remoteAddress;
  const address = candidate?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return address && isIP(address) !== 0 ? address : undefined;
}

/**
 * The login's address: the `ip-address` the client gave (the web client's server side passes the browser's), or,
 * as the reference does when none is given, the one the request came from.
 */
export function loginAddress(request: FastifyRequest, given: string | undefined): string {
  if (given !== undefined) {
    if (isIP(given) === 0) throw badRequest(`ip-address must be an IPv4 or IPv6 address, got ${JSON.stringify(given)}`);
    return given;
  }
  const observed = observedAddress(request);
  if (!observed) throw badRequest("ip-address is missing and the address the request came from is not known");
  return observed;
}
