import { AuthConfig, auth, authOptionsFrom } from "@de-gateway/auth";
import { buildService, portSetting, ServerConfig, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Static, Type } from "typebox";
import { backendClientOptionsFrom, backendClients, backendSettings, path } from "../src/index.js";

export const RolesConfig = Type.Object({
  ...portSetting(0),
  ...ServerConfig,
  ...AuthConfig,
  ...backendSettings("search", "coge", "datacite", "fileInfo"),
});
type RolesConfig = Static<typeof RolesConfig>;

const term = (request: { params: unknown }) => (request.params as { term: string }).term;

/** A minimal gateway calling the search, CoGe, DataCite and file-info roles the way the data service does. */
const fixture: FastifyPluginAsyncTypebox<{ config: RolesConfig }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, backendClientOptionsFrom(config));
  app.get("/genomes/:term", async (request) =>
    app.backends.coge.json(request, { path: path`/genomes/search/${term(request)}` }),
  );
  // The answer as the backend's text, unparsed whatever its content type (`asText`).
  app.get("/genomes-text/:term", async (request) => {
    const answer = await app.backends.coge.call<string>(request, {
      path: path`/genomes/search/${term(request)}`,
      asText: true,
    });
    return { type: answer.headers["content-type"], text: answer.body };
  });
  app.get("/public-genomes/:term", { config: { auth: "none" } }, async (request) =>
    app.backends.coge.json(request, { path: path`/genomes/search/${term(request)}` }),
  );
  app.get("/forwarded-genomes/:term", (request, reply) =>
    app.backends.coge.forward(request, reply, { path: path`/genomes/search/${term(request)}` }),
  );
  app.post("/dois", async (request) =>
    app.backends.datacite.json(request, { method: "POST", path: "/dois", json: request.body }),
  );
  app.get("/file-id", async (request) =>
    app.backends.fileInfo.json(request, { path: "/data/uuid", query: request.query as Record<string, string> }),
  );
  app.get("/file-id-checked", async (request) =>
    app.backends.fileInfo.json(
      request,
      { path: "/data/uuid", query: request.query as Record<string, string> },
      Type.Object({ id: Type.String() }),
    ),
  );
  app.get("/forwarded-file-id", (request, reply) =>
    app.backends.fileInfo.forward(request, reply, { path: "/data/uuid" }),
  );
  app.get("/search", async (request) =>
    app.backends.search.call(request, { path: "/search", query: { user: "mallory", q: "notes" } }),
  );
};

export const buildRolesFixture = (config: RolesConfig): Promise<Service> => buildService("roles", fixture, config);
