import { badGateway, isJsonObject, type JsonObject, withSpan } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { existenceOf, withExistingOutputFolder } from "./default-output-folder.js";
import { bootstrapNaming } from "./output-folders.js";
import { sectionFailure, sessionFailure } from "./section-failures.js";
import { writeDocument } from "./user-documents.js";
import { type PreferenceSettings, readPreferences, systemDefaultFor } from "./user-preferences.js";

function objectFrom(body: unknown, backend: string): JsonObject {
  if (isJsonObject(body)) return body;
  throw badGateway(`the ${backend} backend answered with something other than a JSON object`);
}

/**
 * Records the login with the apps backend; its login time is what logout later needs. The backend's schema takes the
 * address and nothing else of the session (a user agent would be refused).
 */
async function loginSession(request: FastifyRequest, ipAddress: string): Promise<JsonObject> {
  const apps = request.server.backends.apps;
  const login = objectFrom(
    await apps.json(request, {
      method: "POST",
      path: "/users/login",
      query: { "ip-address": ipAddress },
    }),
    apps.name,
  );
  return { login_time: login.login_time, auth_redirect: login.auth_redirect ?? {} };
}

/** The user's workspace, which the apps backend creates on the first call. */
async function workspace(request: FastifyRequest): Promise<JsonObject> {
  const apps = request.server.backends.apps;
  const found = objectFrom(await apps.json(request, { path: "/workspaces" }), apps.name);
  return { workspace_id: found.id, new_workspace: found.new_workspace };
}

/**
 * The caller's webhooks, under the reference's `apps_info` (its bootstrap asks the apps backend's `GET /bootstrap`).
 * The web client's preferences page shows the saved webhook from here, and saves what it shows: without them, a
 * save would replace the stored webhooks with none.
 */
async function appsInfo(request: FastifyRequest): Promise<JsonObject> {
  const apps = request.server.backends.apps;
  const found = objectFrom(await apps.json(request, { path: "/webhooks" }), apps.name);
  if (!Array.isArray(found.webhooks)) throw badGateway("the apps backend answered without a webhook list");
  return { webhooks: found.webhooks };
}

async function dataInfo(request: FastifyRequest): Promise<JsonObject> {
  const fileInfo = request.server.backends.fileInfo;
  const paths = objectFrom(await fileInfo.json(request, { path: "/navigation/base-paths" }), fileInfo.name);
  return {
    user_home_path: paths.user_home_path,
    user_trash_path: paths.user_trash_path,
    base_trash_path: paths.base_trash_path,
  };
}

/**
 * The caller's preferences with a default output folder that exists. A fallback to the system default is stored,
 * as the reference stores it, so that the next bootstrap and the client agree; storing it is best effort.
 */
async function preferencesWithOutputFolder(
  request: FastifyRequest,
  settings: PreferenceSettings,
  systemDefaultExists: Promise<boolean>,
) {
  const read = await readPreferences(request, settings);
  const checked = await withExistingOutputFolder(request, read, systemDefaultExists);
  if (checked !== read) {
    await writeDocument(request, settings, "preferences", checked).catch((error: unknown) =>
      request.log.warn({ err: error }, "the fallback default output folder was not stored"),
    );
  }
  return checked;
}

/**
 * The bootstrap result. The five sections are gathered concurrently (the preferences' default output folder is
 * then made sure to exist), so the call takes as long as the slowest of them; a section whose backend fails holds
 * an error description instead, the others are unaffected. Each section is a span of its own when tracing is on.
 */
export async function bootstrap(request: FastifyRequest, ipAddress: string, settings: PreferenceSettings) {
  const { username, email, firstName, lastName } = request.user;
  const section = <T>(name: string, gather: (request: FastifyRequest) => Promise<T>) =>
    withSpan(request, `bootstrap ${name}`, {}, gather);
  const systemDefaultExists = existenceOf(request, systemDefaultFor(request, settings));
  const [session, workspaceSection, appsInfoSection, dataInfoSection, preferences] = await Promise.all([
    section("session", (traced) => loginSession(traced, ipAddress)).catch(sessionFailure(request)),
    section("workspace", workspace).catch(sectionFailure(request, "workspace")),
    section("apps_info", appsInfo).catch(sectionFailure(request, "apps_info")),
    section("data_info", dataInfo).catch(sectionFailure(request, "data_info")),
    section("preferences", (traced) => preferencesWithOutputFolder(traced, settings, systemDefaultExists)).then(
      bootstrapNaming,
      sectionFailure(request, "preferences"),
    ),
  ]);
  return {
    user_info: {
      username,
      full_username: `${username}@${settings.USER_DOMAIN}`,
      email,
      first_name: firstName,
      last_name: lastName,
    },
    session,
    workspace: workspaceSection,
    apps_info: appsInfoSection,
    data_info: dataInfoSection,
    preferences,
  };
}
