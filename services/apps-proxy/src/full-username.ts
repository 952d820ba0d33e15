import type { FastifyRequest } from "fastify";

/**
 * The caller's full username (`<name>@<domain>`), as app-exposer, the analyses service and the dashboard aggregator
 * keep users; a visitor's name as it is.
 */
export const fullUsername = (request: FastifyRequest, userDomain: string): string =>
  request.user.kind === "anonymous" ? request.user.username : `${request.user.username}@${userDomain}`;
