import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { type Static, Type } from "typebox";
import { DEMO_USER_DOMAIN } from "../demo-users.js";
import { answers, NoBody } from "../framework/answers.js";
import { isJsonObject } from "../framework/json-object.js";

// The answers of user-info's bags API: cyverse-de/user-info bags.go (handlers) and bagsdb.go (BagRecord, a
// `map[string]interface{}` of contents); terrain's routes/schemas/bags.clj declares the same Bag, BagList and
// AddBagResponse.
const BagContents = Type.Record(Type.String(), Type.Unknown());
export const Bag = Type.Object({
  id: Type.String({ format: "uuid" }),
  contents: BagContents,
  user_id: Type.String({ format: "uuid" }),
});
export const BagList = Type.Object({ bags: Type.Array(Bag) });
export const AddBagResponse = Type.Object({ id: Type.String({ format: "uuid" }) });
type BagRecord = Static<typeof Bag>;

interface UserBags {
  userId: string;
  bags: Map<string, Record<string, unknown>>;
  defaultBag: string | undefined;
}

/** Each user's bags, by the user's qualified name (user-info's users table). */
export type BagsState = Map<string, UserBags>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Go's http.Error labels its text so.
const TEXT = "text/plain; charset=utf-8";

/** user-info qualifies whatever name the path holds with its own domain, dropping any domain it came with. */
const qualified = (username: string) => `${username.replace(/@.*$/, "")}@${DEMO_USER_DOMAIN}`;

/**
 * The bags API of cyverse-de/user-info, mounted under `/bags` (terrain's bags-base-url points there):
 * `/{username}` lists (`GET`), adds (`PUT`, answering `{id}`), tells whether there are any (`HEAD`, 200 or 404)
 * and deletes all (`DELETE`); `/{username}/default` is the default bag, made with empty contents the first time it
 * is asked for, replaced by `POST` (answering the bag) and deleted by `DELETE` (answering the new, empty default
 * bag that the next read would make); `/{username}/{id}` reads, replaces (`POST`, 200 without a body) and deletes
 * one bag. A bag id that is no UUID is refused as PostgreSQL refuses it (400); refusals are Go's plain text.
 */
export function bagRoutes(app: FastifyInstance, state: () => BagsState): void {
  const bagsOf = (username: string): UserBags => {
    const name = qualified(username);
    let user = state().get(name);
    if (!user) {
      user = { userId: randomUUID(), bags: new Map(), defaultBag: undefined };
      state().set(name, user);
    }
    return user;
  };
  const record = (user: UserBags, id: string): BagRecord => ({
    id,
    contents: user.bags.get(id) ?? {},
    user_id: user.userId,
  });
  const defaultBag = (user: UserBags): BagRecord => {
    if (!user.defaultBag || !user.bags.has(user.defaultBag)) {
      user.defaultBag = randomUUID();
      user.bags.set(user.defaultBag, {});
    }
    return record(user, user.defaultBag);
  };
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).type(TEXT).send(`${message}\n`);
  const contentsOf = (body: unknown, reply: FastifyReply) => {
    if (isJsonObject(body)) return body;
    refuse(reply, 400, "failed to JSON decode body: the contents must be a JSON object");
    return undefined;
  };
  /** The bag a path names, or a refusal sent (a malformed id, or no such bag of the user). */
  const namedBag = (username: string, bagId: string, reply: FastifyReply) => {
    if (!UUID.test(bagId)) {
      refuse(reply, 400, `error checking database for bag ${bagId} for ${qualified(username)}: invalid UUID`);
      return undefined;
    }
    const user = bagsOf(username);
    if (user.bags.has(bagId)) return user;
    refuse(reply, 404, `bag ${bagId} not found for user ${qualified(username)}`);
    return undefined;
  };

  type UserParams = { Params: { username: string } };
  type BagParams = { Params: { username: string; bagId: string } };

  app.head<UserParams>("/bags/:username", async (request, reply) =>
    reply.code(bagsOf(request.params.username).bags.size > 0 ? 200 : 404).send(),
  );
  app.get<UserParams>("/bags/:username", answers({ 200: BagList }), async (request) => {
    const user = bagsOf(request.params.username);
    return { bags: [...user.bags.keys()].map((id) => record(user, id)) };
  });
  app.put<UserParams>("/bags/:username", answers({ 200: AddBagResponse }), async (request, reply) => {
    const contents = contentsOf(request.body, reply);
    if (!contents) return reply;
    const id = randomUUID();
    bagsOf(request.params.username).bags.set(id, contents);
    return { id };
  });
  app.delete<UserParams>("/bags/:username", answers({ 200: NoBody }), async (request, reply) => {
    bagsOf(request.params.username).bags.clear();
    return reply.send();
  });

  app.get<UserParams>("/bags/:username/default", answers({ 200: Bag }), async (request) =>
    defaultBag(bagsOf(request.params.username)),
  );
  app.post<UserParams>("/bags/:username/default", answers({ 200: Bag }), async (request, reply) => {
    const contents = contentsOf(request.body, reply);
    if (!contents) return reply;
    const user = bagsOf(request.params.username);
    const { id } = defaultBag(user);
    user.bags.set(id, contents);
    return record(user, id);
  });
  app.delete<UserParams>("/bags/:username/default", answers({ 200: Bag }), async (request) => {
    const user = bagsOf(request.params.username);
    user.bags.delete(defaultBag(user).id);
    return defaultBag(user);
  });

  app.get<BagParams>("/bags/:username/:bagId", answers({ 200: Bag }), async (request, reply) => {
    const user = namedBag(request.params.username, request.params.bagId, reply);
    return user ? record(user, request.params.bagId) : reply;
  });
  app.post<BagParams>("/bags/:username/:bagId", answers({ 200: NoBody }), async (request, reply) => {
    const user = namedBag(request.params.username, request.params.bagId, reply);
    if (!user) return reply;
    const contents = contentsOf(request.body, reply);
    if (!contents) return reply;
    user.bags.set(request.params.bagId, contents);
    return reply.send();
  });
  app.delete<BagParams>("/bags/:username/:bagId", answers({ 200: NoBody }), async (request, reply) => {
    const { username, bagId } = request.params;
    if (!UUID.test(bagId))
      return refuse(reply, 400, `error deleting bag for user ${qualified(username)}: invalid UUID`);
    bagsOf(username).bags.delete(bagId);
    return reply.send();
  });
}
