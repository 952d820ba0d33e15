import { badGateway, isJsonObject } from "@de-gateway/service-kit";
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

const refused = (username: string | undefined, reason: string) => ({
  ...(username ? { user: { username } } : {}),
  failure_reason: reason,
  new_subscription: false,
});

/**
 * Subscribes users in bulk as terrain does: the usernames are checked with the directory first and only the known
 * ones reach QMS (which would add any name as a new user), so an unknown or missing name changes nothing and is
 * answered as refused. The answer has one entry per request entry, in its order.
 */
export async function subscribeInBulk(
  request: FastifyRequest,
  grouperUser: string,
  body: Static<typeof SubscriptionRequests>,
  query: Static<typeof BulkQuery>,
) {
  const named = body.subscriptions.flatMap((entry) => (entry.username ? [entry.username] : []));
  const known = await knownUsers(request, grouperUser, named);
  // One request per user, the last one named, as terrain keys them.
  const forQms = new Map(
    body.subscriptions.filter((entry) => known.has(entry.username ?? "")).map((entry) => [entry.username, entry]),
  );
  let status = "OK";
  const created = new Map<string, unknown>();
  if (forQms.size > 0) {
    const answer = await qmsAnswer(request, {
      method: "POST",
      path: "/v1/subscriptions",
      query,
      json: { subscriptions: [...forQms.values()] },
    });
    if (!Array.isArray(answer.result)) throw badGateway("the QMS backend answered a bulk subscription without results");
    status = String(answer.status);
    for (const result of answer.result) {
      const username = isJsonObject(result) && isJsonObject(result.user) ? result.user.username : undefined;
      if (typeof username === "string") created.set(username, result);
    }
  }
  return {
    result: body.subscriptions.map(({ username }) => {
      if (!username) return refused(undefined, "no username provided in request");
      return (known.has(username) && created.get(username)) || refused(username, `user does not exist: ${username}`);
    }),
    status,
  };
}
