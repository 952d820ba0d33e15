import { AuthConfig, auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClients, backendSettings, backendUrlsFrom } from "@de-gateway/backend-clients";
import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { buildService, notFound, portSetting, ServerConfig } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Static, Type } from "typebox";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { type CommentTarget, commentRoutes } from "../src/index.js";

/** Data items of the test: who owns each, and whether it is a file or a folder. */
const ITEMS = new Map([
  ["11111111-1111-4111-8111-111111111111", { owner: "alice", type: "file" }],
  ["22222222-2222-4222-8222-222222222222", { owner: "bob", type: "folder" }],
]);
const [ALICES_FILE, BOBS_FOLDER] = [...ITEMS.keys()] as [string, string];

const entryTarget: CommentTarget = {
  noun: "file or folder",
  tag: "data-comments",
  param: "entryId",
  prefix: "/secured/filesystem/entry",
  adminPrefix: "/admin/filesystem/entry",
  backendPrefix: "/filesystem/data",
  async access(request, id) {
    const item = ITEMS.get(id);
    if (!item) throw notFound(`no data item ${id}`);
    return { owned: item.owner === request.user.username, postQuery: { "data-type": item.type } };
  },
};

const TestConfig = Type.Object({ ...portSetting(0), ...ServerConfig, ...AuthConfig, ...backendSettings("metadata") });
type TestConfig = Static<typeof TestConfig>;
const plugin: FastifyPluginAsyncTypebox<{ config: TestConfig }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, { urls: backendUrlsFrom(config), timeoutMs: config.BACKEND_TIMEOUT_MS });
  await app.register(commentRoutes, { target: entryTarget });
};

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(TestConfig, (config) => buildService("comments-test", plugin, config));
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const send = async (user: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  service.app.inject({
    method,
    url,
    headers: await service.as(user),
    ...(payload ? { payload: payload as object } : {}),
  });
const metadata = () => service.platform.metadata.recorder;

async function commentOn(id: string, user: string) {
  const response = await send(user, "POST", `/secured/filesystem/entry/${id}/comments`, { comment: "looks good" });
  expect(response.statusCode).toBe(201);
  return response.json().comment.id as string;
}

it("posts with the target's extra query, and lists", async () => {
  await commentOn(BOBS_FOLDER, "alice");
  expect(metadata().to("POST", `/filesystem/data/${BOBS_FOLDER}/comments`)[0]?.query).toEqual({
    "data-type": "folder",
    user: "alice",
  });
  const listed = await send("bob", "GET", `/secured/filesystem/entry/${BOBS_FOLDER}/comments`);
  expect(listed.json()).toMatchObject({ comments: [{ commenter: "alice", comment: "looks good" }] });
});

it("sends an owner's retraction to the admin variant and anyone else's to the user variant", async () => {
  const id = await commentOn(ALICES_FILE, "bob");
  const url = `/secured/filesystem/entry/${ALICES_FILE}/comments/${id}?retracted=true`;
  expect((await send("carol", "PATCH", url)).statusCode).toBe(403);
  expect(metadata().to("PATCH", `/filesystem/data/${ALICES_FILE}/comments/${id}`)).toHaveLength(1);
  expect((await send("alice", "PATCH", url)).statusCode).toBe(200);
  expect(metadata().to("PATCH", `/admin/filesystem/data/${ALICES_FILE}/comments/${id}`)[0]?.query).toEqual({
    retracted: "true",
    user: "alice",
  });
});

it("answers 409 for conflicting repeats, 400 for a bad retracted value, 404 for an unknown target", async () => {
  const id = await commentOn(ALICES_FILE, "bob");
  const base = `/secured/filesystem/entry/${ALICES_FILE}/comments/${id}`;
  expect((await send("bob", "PATCH", `${base}?retracted=false&retracted=true`)).statusCode).toBe(409);
  expect((await send("bob", "PATCH", `${base}?retracted=maybe`)).statusCode).toBe(400);
  const unknown = "33333333-3333-4333-8333-333333333333";
  expect((await send("bob", "GET", `/secured/filesystem/entry/${unknown}/comments`)).statusCode).toBe(404);
});

it("registers the administrative delete as an admin route forwarding to the metadata backend", async () => {
  const id = await commentOn(ALICES_FILE, "bob");
  const url = `/admin/filesystem/entry/${ALICES_FILE}/comments/${id}`;
  expect((await send("alice", "DELETE", url)).statusCode).toBe(403);
  expect((await send("carol", "DELETE", url)).statusCode).toBe(200);
  expect(metadata().to("DELETE", `/admin/filesystem/data/${ALICES_FILE}/comments/${id}`)).toHaveLength(1);
  expect(service.app.registeredRoutes).toContainEqual({
    method: "DELETE",
    url: "/admin/filesystem/entry/:entryId/comments/:commentId",
    auth: "admin",
  });
});
