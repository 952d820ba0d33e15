import { badGateway, GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { qmsAnswer } from "./backend-answers.js";
import { knownUsers } from "./known-users.js";

export const SubscriptionRequest = Type.Object({
  username: Type.Optional(Type.String({ description: "a short username; checked with the directory first" })),
  plan_name: Type.Optional(Type.String()),
  paid: Type.Boolean(),
  periods: Type.Optional(Type.Integer({ minimum: 1, description: "years; 1 when left out" })),
  start_date: Type.Optional(Type.String({ minLength: 1 })),
  end_date: Type.Optional(Type.String({ minLength: 1 })),
});

export const SubscriptionRequests = Type.Object({
  subscriptions: Type.Array(SubscriptionRequest, { maxItems: 1000 }),
});

export const BulkQuery = Type.Object({
  force: Type.Optional(
    Type.Boolean({
      description: "subscribe even a user whose plan over the period has as many CPU hours (default true)",
    }),
  ),
});

/**
 * Subscribes users in bulk. Every username is checked with the directory first (QMS would add any name it is given
 * as a new user), and a request naming an unknown user, or with an entry naming none, is refused whole before QMS
 * sees any of it: an administrator's typo changes nobody's plan, and the answer names every name to correct.
 * terrain instead subscribes the known users and answers the others as failed entries; all or nothing keeps a
 * half-applied list from having to be sorted out afterwards.
 */
export async function subscribeInBulk(
  request: FastifyRequest,
  grouperUser: string,
  body: Static<typeof SubscriptionRequests>,
  query: Static<typeof BulkQuery>,
) {
  const unnamed = body.subscriptions.flatMap((entry, index) => (entry.username ? [] : [index]));
  if (unnamed.length > 0) {
    throw new GatewayError(400, `subscription entries ${unnamed.join(", ")} name no user`, "ERR_BAD_OR_MISSING_FIELD");
  }
  const named = body.subscriptions.map((entry) => entry.username as string);
  const known = await knownUsers(request, grouperUser, named);
  const unknown = [...new Set(named.filter((username) => !known.has(username)))];
  if (unknown.length > 0) {
    throw new GatewayError(400, `no such users: ${unknown.join(", ")}; nobody was subscribed`, "ERR_NOT_A_USER", {
      unknown_users: unknown,
    });
  }
  // One request per user, the last one named, as terrain keys them.
  const forQms = new Map(body.subscriptions.map((entry) => [entry.username, entry]));
  const answer = await qmsAnswer(request, {
    method: "POST",
    path: "/v1/subscriptions",
    query,
    json: { subscriptions: [...forQms.values()] },
  });
  if (!Array.isArray(answer.result)) throw badGateway("the QMS backend answered a bulk subscription without results");
  return { result: answer.result, status: String(answer.status) };
}
