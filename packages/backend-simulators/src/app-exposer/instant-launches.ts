import type { FastifyInstance } from "fastify";
import { foreignKeyViolation, invalidUuid, isUuid, NO_ROWS, notNullViolation } from "../de-database-errors.js";
import { answers, NoBody } from "../framework/answers.js";
import {
  FullInstantLaunchRow,
  FullInstantLaunchRows,
  InstantLaunchRow,
  InstantLaunchRows,
  PublicQuickLaunches,
} from "./answer-schemas.js";
import type { DeDatabase } from "./de-database.js";
import { echoError, goError, requiredUser } from "./errors.js";
import { cannotParse, instantLaunchOf } from "./instant-launch-json.js";
import { type InstantLaunch, type InstantLaunchState, newInstantLaunch } from "./instant-launch-state.js";
import { fullName, sameUser, shortName, userIdOf, usernameOfId } from "./users.js";

type Query = Record<string, unknown>;
type IdParams = { Params: { id: string }; Querystring: Query };

/** instantlaunches/main.go `NewInstantLaunchFromJSON`: a body Go cannot decode (none at all among them) is 400. */
const parsed = (body: unknown) => {
  if (body === undefined) throw cannotParse();
  return instantLaunchOf(body);
};

/** A value for a uuid column: anything else fails the query, which app-exposer returns as it is (500). */
const uuid = (value: string) => {
  if (!isUuid(value)) throw goError(invalidUuid(value));
  return value;
};

/**
 * The instant launch joined with its quick launch, the quick launch's app version and the users (instantlaunches/
 * db.go `fullListingQuery`): `added_by` becomes the adder's username, the app's version is the quick launch's.
 */
export function fullInstantLaunch(instantLaunch: InstantLaunch, database: DeDatabase) {
  const quickLaunch = database.quickLaunches().find((candidate) => candidate.id === instantLaunch.quick_launch_id);
  const app = quickLaunch ? database.appVersion(quickLaunch.app_id, quickLaunch.app_version_id) : undefined;
  const addedBy = usernameOfId(instantLaunch.added_by);
  // The listing is an inner join: an instant launch whose quick launch or app version is gone is not listed.
  if (!quickLaunch || !app || !addedBy) return undefined;
  return {
    ...instantLaunch,
    added_by: addedBy,
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

/**
 * app-exposer's instant launches (instantlaunches/mgmt.go, db.go): listing, full listing, adding, reading, changing
 * and removing them. The owner check of a user's change or removal compares the stored `added_by` (a users table
 * id) with the caller's name, so it never passes: both are refused with 400 whoever asks.
 */
export function instantLaunchRoutes(app: FastifyInstance, state: () => InstantLaunchState, database: DeDatabase) {
  // The database deletes an instant launch with its quick launch (`ON DELETE CASCADE`, de-database 000010), which
  // the analyses service deletes: what is gone there is gone here before any request reads it.
  app.addHook("onRequest", async () => {
    const quickLaunchIds = new Set(database.quickLaunches().map((quickLaunch) => quickLaunch.id));
    for (const [id, instantLaunch] of state().instantLaunches) {
      if (!quickLaunchIds.has(instantLaunch.quick_launch_id)) state().instantLaunches.delete(id);
    }
  });
  const existing = (id: string) => {
    const found = state().instantLaunches.get(uuid(id));
    if (!found) throw echoError(404, NO_ROWS);
    return found;
  };
  /** The quick launch an insert or update names: a uuid, of a row that exists (the foreign key). */
  const quickLaunchOf = (quickLaunchId: string) => {
    uuid(quickLaunchId);
    if (!database.quickLaunches().some((quickLaunch) => quickLaunch.id === quickLaunchId)) {
      throw goError(foreignKeyViolation("instant_launches", "quick_launch_id"));
    }
    return quickLaunchId;
  };
  /** `AddInstantLaunch`: `added_by` is the id of the named user, null (refused) for one the database lacks. */
  const add = (quickLaunchId: string, addedBy: string) => {
    uuid(quickLaunchId);
    const userId = userIdOf(addedBy);
    if (!userId) throw goError(notNullViolation("instant_launches", "added_by"));
    const added = newInstantLaunch(quickLaunchOf(quickLaunchId), userId);
    state().instantLaunches.set(added.id, added);
    return added;
  };
  /** `UpdateInstantLaunch`: its RETURNING names `added_by` twice and `added_on` never, so that comes back empty. */
  const update = (id: string, quickLaunchId: string) => {
    uuid(id);
    uuid(quickLaunchId);
    const instantLaunch = state().instantLaunches.get(id);
    if (!instantLaunch) throw echoError(404, NO_ROWS);
    instantLaunch.quick_launch_id = quickLaunchOf(quickLaunchId);
    return { ...instantLaunch, added_on: "" };
  };
  const remove = (id: string) => {
    state().instantLaunches.delete(uuid(id));
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
      return add(wanted.quick_launch_id, fullName(wanted.added_by));
    });
  }
  for (const root of ["/instantlaunches/admin", "/instantlaunches/admin/"]) {
    app.put(root, answers({ 200: InstantLaunchRow }), async (request) => {
      const wanted = parsed(request.body);
      if (!wanted.added_by) throw echoError(400, "username was not set");
      return add(wanted.quick_launch_id, fullName(wanted.added_by));
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
    if (!found) throw echoError(404, NO_ROWS);
    return found;
  });
  app.post<IdParams>("/instantlaunches/:id", answers({ 200: InstantLaunchRow }), async (request) => {
    const user = requiredUser(request.query);
    const instantLaunch = existing(request.params.id);
    const wanted = parsed(request.body);
    if (!sameUser(instantLaunch.added_by, user) || !sameUser(instantLaunch.added_by, wanted.added_by)) {
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
