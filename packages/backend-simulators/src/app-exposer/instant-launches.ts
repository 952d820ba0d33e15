import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import {
  FullInstantLaunchRow,
  FullInstantLaunchRows,
  InstantLaunchRow,
  InstantLaunchRows,
  PublicQuickLaunches,
} from "./answer-schemas.js";
import type { DeDatabase } from "./de-database.js";
import { echoError, requiredUser } from "./errors.js";
import { type InstantLaunch, type InstantLaunchState, newInstantLaunch } from "./instant-launch-state.js";
import { fullName, sameUser, shortName } from "./users.js";

type Query = Record<string, unknown>;
type IdParams = { Params: { id: string }; Querystring: Query };

function parsed(body: unknown): Partial<InstantLaunch> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw echoError(400, "cannot parse JSON");
  const fields = body as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : undefined);
  return { quick_launch_id: text("quick_launch_id"), added_by: text("added_by") };
}

/** The instant launch joined with its quick launch and app, as the full listings show it. */
export function fullInstantLaunch(instantLaunch: InstantLaunch, database: DeDatabase) {
  const quickLaunch = database.quickLaunches().find((candidate) => candidate.id === instantLaunch.quick_launch_id);
  const app = quickLaunch ? database.app(quickLaunch.app_id) : undefined;
  // The listing is an inner join: an instant launch whose quick launch or app is gone is not listed.
  if (!quickLaunch || !app) return undefined;
  return {
    ...instantLaunch,
    quick_launch_name: quickLaunch.name,
    quick_launch_description: quickLaunch.description,
    quick_launch_creator: fullName(quickLaunch.creator),
    is_public: quickLaunch.is_public,
    submission: quickLaunch.submission,
    app_id: quickLaunch.app_id,
    app_version_id: quickLaunch.app_version_id,
    app_name: app.name,
    app_description: app.description,
    app_version: app.version,
    app_deleted: app.deleted,
    app_disabled: app.disabled,
    integrator: fullName(app.integrator),
  };
}

/** app-exposer's instant launches: listing, full listing, adding, reading, changing and removing them. */
export function instantLaunchRoutes(app: FastifyInstance, state: () => InstantLaunchState, database: DeDatabase) {
  const existing = (id: string) => {
    const found = state().instantLaunches.get(id);
    if (!found) throw echoError(404, `instant launch ${id} not found`);
    return found;
  };
  const add = (quickLaunchId: string | undefined, addedBy: string) => {
    if (!quickLaunchId || !database.quickLaunches().some((quickLaunch) => quickLaunch.id === quickLaunchId)) {
      throw echoError(404, `quick launch ${quickLaunchId ?? ""} not found`);
    }
    const added = newInstantLaunch(quickLaunchId, fullName(addedBy));
    state().instantLaunches.set(added.id, added);
    return added;
  };
  const update = (id: string, quickLaunchId: string | undefined) => {
    const instantLaunch = existing(id);
    if (!quickLaunchId || !database.quickLaunches().some((quickLaunch) => quickLaunch.id === quickLaunchId)) {
      throw echoError(404, `quick launch ${quickLaunchId ?? ""} not found`);
    }
    instantLaunch.quick_launch_id = quickLaunchId;
    return instantLaunch;
  };
  const remove = (id: string) => {
    state().instantLaunches.delete(id);
    state().avus = state().avus.filter((avu) => avu.target_id !== id);
  };
  const full = () =>
    [...state().instantLaunches.values()].flatMap((instantLaunch) => fullInstantLaunch(instantLaunch, database) ?? []);

  for (const root of ["/instantlaunches", "/instantlaunches/"]) {
    app.get(root, answers({ 200: InstantLaunchRows }), async () => [...state().instantLaunches.values()]);
    app.put<{ Querystring: Query }>(root, answers({ 200: InstantLaunchRow }), async (request) => {
      const user = requiredUser(request.query);
      const wanted = parsed(request.body);
      if (!wanted.added_by) throw echoError(400, "username was not set");
      if (!sameUser(wanted.added_by, user)) {
        throw echoError(400, "not authorized to create instant launches as another user");
      }
      return add(wanted.quick_launch_id, wanted.added_by);
    });
  }
  for (const root of ["/instantlaunches/admin", "/instantlaunches/admin/"]) {
    app.put(root, answers({ 200: InstantLaunchRow }), async (request) => {
      const wanted = parsed(request.body);
      if (!wanted.added_by) throw echoError(400, "username was not set");
      return add(wanted.quick_launch_id, wanted.added_by);
    });
  }
  app.get("/instantlaunches/full", answers({ 200: FullInstantLaunchRows }), async () => full());

  app.get<{ Querystring: Query }>(
    "/instantlaunches/quicklaunches/public",
    answers({ 200: PublicQuickLaunches }),
    async (request) => {
      const user = shortName(requiredUser(request.query));
      return database
        .quickLaunches()
        .filter((quickLaunch) => quickLaunch.is_public || sameUser(quickLaunch.creator, user))
        .map((quickLaunch) => ({ ...quickLaunch, creator: fullName(quickLaunch.creator) }));
    },
  );

  app.get<IdParams>("/instantlaunches/:id", answers({ 200: InstantLaunchRow }), async (request) =>
    existing(request.params.id),
  );
  app.get<IdParams>("/instantlaunches/:id/full", answers({ 200: FullInstantLaunchRow }), async (request) => {
    const found = fullInstantLaunch(existing(request.params.id), database);
    if (!found) throw echoError(404, `instant launch ${request.params.id} not found`);
    return found;
  });
  app.post<IdParams>("/instantlaunches/:id", answers({ 200: InstantLaunchRow }), async (request) => {
    const user = requiredUser(request.query);
    const instantLaunch = existing(request.params.id);
    const wanted = parsed(request.body);
    if (!sameUser(instantLaunch.added_by, user) || !sameUser(instantLaunch.added_by, wanted.added_by ?? "")) {
      throw echoError(400, "not authorized to edit other users' instant launches");
    }
    return update(request.params.id, wanted.quick_launch_id);
  });
  app.delete<IdParams>("/instantlaunches/:id", answers({ 200: NoBody }), async (request, reply) => {
    const user = requiredUser(request.query);
    if (!sameUser(existing(request.params.id).added_by, user)) {
      throw echoError(400, "not authorized to delete other users' instant launches");
    }
    remove(request.params.id);
    return reply.code(200).send();
  });
  app.post<IdParams>("/instantlaunches/admin/:id", answers({ 200: InstantLaunchRow }), async (request) =>
    update(request.params.id, parsed(request.body).quick_launch_id),
  );
  app.delete<IdParams>("/instantlaunches/admin/:id", answers({ 200: NoBody }), async (request, reply) => {
    remove(request.params.id);
    return reply.code(200).send();
  });
}
