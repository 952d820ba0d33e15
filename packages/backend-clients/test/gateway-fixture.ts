import { AuthConfig, auth, authOptionsFrom } from "@de-gateway/auth";
import { buildService, portSetting, ServerConfig, type Service, withSpan } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Static, Type } from "typebox";
import { backendClients, backendSettings, backendUrlsFrom, path, streamRequestBodies } from "../src/index.js";

export const FixtureConfig = Type.Object({
  ...portSetting(0),
  ...ServerConfig,
  ...AuthConfig,
  ...backendSettings("notifications", "preferences", "apps", "fileInfo"),
});
type FixtureConfig = Static<typeof FixtureConfig>;

/** A minimal gateway exercising forward(), call() and json() against the simulators. */
export const fixture: FastifyPluginAsyncTypebox<{ config: FixtureConfig }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, { urls: backendUrlsFrom(config), timeoutMs: config.BACKEND_TIMEOUT_MS });
  await app.register(async (passthrough) => {
    streamRequestBodies(passthrough);
    passthrough.post("/send", (request, reply) =>
      passthrough.backends.notifications.forward(request, reply, { path: "/notification" }),
    );
    passthrough.post("/send-anonymously", { config: { auth: "none" } }, (request, reply) =>
      passthrough.backends.notifications.forward(request, reply, { path: "/notification" }),
    );
    // file-info answers some of the caller's mistakes with 500: its failures are read before they are passed on.
    passthrough.get("/base-paths", (request, reply) =>
      passthrough.backends.fileInfo.forward(request, reply, { path: "/navigation/base-paths" }),
    );
    passthrough.get("/session-of/:name", (request, reply) =>
      passthrough.backends.preferences.forward(request, reply, {
        path: path`/sessions/${(request.params as { name: string }).name}`,
      }),
    );
  });
  // Forwarded from a context that parses JSON bodies: reply-from sends the parsed body re-encoded.
  app.post("/send-parsed", (request, reply) =>
    app.backends.notifications.forward(request, reply, { path: "/notification" }),
  );
  app.post("/notify-json", async (request) =>
    app.backends.notifications.json(request, {
      method: "POST",
      path: "/notification",
      query: { user: "mallory", extra: "1" },
      json: request.body,
    }),
  );
  app.post("/notify-as-service", async (request) =>
    app.backends.notifications.json(request, {
      method: "POST",
      path: "/notification",
      query: { user: "mallory" },
      json: request.body,
      actAs: "de_grouper",
    }),
  );
  // A path built without the `path` template: the check every call makes still catches a dot segment.
  app.get("/session-read", async (request) =>
    app.backends.preferences.json(request, {
      path: `/sessions/${encodeURIComponent((request.query as { name: string }).name)}`,
    }),
  );
  app.get("/session-forward", (request, reply) =>
    app.backends.preferences.forward(request, reply, {
      path: path`/sessions/${(request.query as { name: string }).name}`,
    }),
  );
  app.get("/unconfigured", async (request) => app.backends.groups.json(request, { path: "/subjects" }));
  // A streamed call that names what it accepts.
  app.get("/base-paths-as-text", async (request) => {
    const answer = await app.backends.fileInfo.stream(request, {
      path: "/navigation/base-paths",
      headers: { accept: "text/plain" },
    });
    await answer.body.toArray();
    return { status: answer.status };
  });
  // A step of the service's own around two backend calls made at once.
  app.get("/lookups", async (request) =>
    withSpan(request, "lookups", { "fixture.calls": 2 }, async (traced) => {
      const [paths, workspace] = await Promise.all([
        app.backends.fileInfo.json(traced, { path: "/navigation/base-paths" }),
        app.backends.apps.json(traced, { path: "/workspaces" }),
      ]);
      return { paths, workspace };
    }),
  );
};

export const buildFixture = (config: FixtureConfig): Promise<Service> => buildService("fixture", fixture, config);
