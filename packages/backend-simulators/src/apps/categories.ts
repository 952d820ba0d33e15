import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, missingField, notFound } from "../framework/problems.js";
import { bodyObject, paged, queryFlag, queryText, requiredText } from "../framework/request-values.js";
import { AppCategoryAppListing, AppCategoryListing, AppCategorySearchResults } from "./answer-schemas/categories.js";
import { listingDetail, ofAppType } from "./app-listing.js";
import { marksOf } from "./app-marks.js";
import { isBlessed } from "./app-metadata-store.js";
import { type AppRecord, catalogOf, existingApp, visibleApps } from "./catalog-store.js";
import {
  type CategoriesState,
  type Category,
  decategorize,
  FEATURED_CATEGORY_ID,
  makeCategoriesState,
  newCategory,
} from "./categories-store.js";
import { type WorkspaceRecord, workspaceOf, workspacesOf } from "./login.js";
import { systemOf, TAPIS_REFUSALS } from "./systems.js";

type All = () => Record<string, unknown>;

/** A category of a workspace: one of the two each workspace has, or one the backend adds to the caller's. */
interface WorkspaceCategory {
  id: string;
  name: string;
  holds: (app: AppRecord, all: All) => boolean;
}

/** The ids the backend gives its virtual categories (`apps.service.apps.de.listings`): the same for everyone. */
const MY_PUBLIC_APPS_ID = "00000000-0000-0000-0000-000000000000";
const SHARED_WITH_ME_ID = "eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee";

/** A workspace's own categories, made with it under its root; the apps in them are its owner's. */
const ownCategories = (workspace: WorkspaceRecord, owner: string): WorkspaceCategory[] => [
  {
    id: workspace.development_category_id,
    name: "Apps under development",
    holds: (app) => app.integrator_username === owner && !app.is_public,
  },
  {
    id: workspace.favorites_category_id,
    name: "Favorite Apps",
    holds: (app, all) => marksOf(all).favorites.get(owner)?.has(app.id) ?? false,
  },
];

/** The virtual categories the backend adds to the caller's workspace, in its order (the admin-only Trash aside). */
const virtualCategories = (caller: string): WorkspaceCategory[] => [
  {
    id: MY_PUBLIC_APPS_ID,
    name: "My public apps",
    holds: (app) => app.is_public && app.integrator_username === caller,
  },
  {
    id: SHARED_WITH_ME_ID,
    name: "Shared with me",
    holds: (app, all) => catalogOf(all).shares.get(app.id)?.has(caller) ?? false,
  },
  {
    id: FEATURED_CATEGORY_ID,
    name: "Featured Apps",
    holds: (app, all) => isBlessed(all, app.id),
  },
];

/** A workspace's root category: what its own categories hold. */
const rootCategory = (workspace: WorkspaceRecord, owner: string): WorkspaceCategory => ({
  id: workspace.root_category_id,
  name: "Workspace",
  holds: (app, all) => ownCategories(workspace, owner).some((category) => category.holds(app, all)),
});

/**
 * The workspace category with this id, if it is one: a virtual one (then the caller's), or a root or own category of
 * any user's workspace, which the backend finds by id whoever owns it (its listing then shows only what the caller
 * may see).
 */
function workspaceCategoryWithId(all: All, caller: string, id: string): WorkspaceCategory | undefined {
  const virtual = virtualCategories(caller).find((category) => category.id === id);
  if (virtual) return virtual;
  for (const [owner, workspace] of workspacesOf(all)) {
    const found = [rootCategory(workspace, owner), ...ownCategories(workspace, owner)].find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

const childrenOf = (state: CategoriesState, id: string | null) =>
  [...state.categories.values()].filter((category) => category.parent_id === id);

function subtree(state: CategoriesState, id: string): Category[] {
  const category = state.categories.get(id);
  return category ? [category, ...childrenOf(state, id).flatMap((child) => subtree(state, child.id))] : [];
}

function appsUnder(state: CategoriesState, id: string, candidates: AppRecord[]): AppRecord[] {
  const ids = new Set(subtree(state, id).flatMap((category) => [...category.app_ids]));
  return candidates.filter((app) => ids.has(app.id));
}

function tree(state: CategoriesState, category: Category, candidates: AppRecord[]): Record<string, unknown> {
  const children = childrenOf(state, category.id);
  return {
    system_id: "de",
    id: category.id,
    name: category.name,
    is_public: true,
    total: appsUnder(state, category.id, candidates).length,
    ...(children.length ? { categories: children.map((child) => tree(state, child, candidates)) } : {}),
  };
}

function workspaceTree(username: string, all: All) {
  const workspace = workspaceOf(all, username);
  const visible = visibleApps(catalogOf(all), username);
  const entry = (category: WorkspaceCategory, total: number) => ({
    system_id: "de",
    id: category.id,
    name: category.name,
    is_public: false,
    total,
  });
  const counted = (category: WorkspaceCategory) => visible.filter((app) => category.holds(app, all)).length;
  return {
    ...entry(rootCategory(workspace, username), counted(rootCategory(workspace, username))),
    categories: [
      ...ownCategories(workspace, username).map((category) => entry(category, counted(category))),
      // The backend counts Featured Apps here as every app the caller can see (format-featured-apps-category is
      // given the unfiltered ids), and only the category's own listing as the blessed ones.
      ...virtualCategories(username).map((category) =>
        entry(category, category.id === FEATURED_CATEGORY_ID ? visible.length : counted(category)),
      ),
    ],
  };
}

// The apps service refuses what breaks its category tree as illegal arguments (400), each with the ids concerned
// (apps src/apps/service/apps/de/admin.clj: add-category, update-category, delete-category, delete-categories).
const MOST_NAME_CHARACTERS = 255;
const illegal = (reason: string, details: Record<string, unknown>) =>
  badRequest(reason, "ERR_ILLEGAL_ARGUMENT", details);

function existingCategory(state: CategoriesState, id: string): Category {
  const category = state.categories.get(id);
  if (!category) throw notFound(`The item with the following ID could not be found: ${id}`, { category_id: id });
  return category;
}

function refuseLongName(name: string) {
  if (name.length > MOST_NAME_CHARACTERS) throw illegal("App Category name too long.", { name });
}

function refuseSiblingName(state: CategoriesState, parentId: string, name: string, self?: string) {
  if (childrenOf(state, parentId).some((sibling) => sibling.name === name && sibling.id !== self)) {
    throw illegal("Parent App Category already contains a subcategory with that name", { parent_id: parentId, name });
  }
}

/** Subcategories go only under a category holding no apps of its own. */
function refuseParentWithApps(parent: Category) {
  if (parent.app_ids.size) throw illegal("Parent App Category already contains Apps", { parent_id: parent.id });
}

const holdApps = (categories: Category[]) => categories.some((category) => category.app_ids.size > 0);

function forget(state: CategoriesState, categories: Category[]) {
  for (const category of categories) state.categories.delete(category.id);
}

/** Deletes one category and its subcategories, refused while any of them holds an app. */
function removeCategory(state: CategoriesState, id: string, requestedBy: string) {
  const doomed = subtree(state, existingCategory(state, id).id);
  if (holdApps(doomed)) {
    throw illegal("App Category, or one of its subcategories, still contain Apps", {
      category_id: id,
      requested_by: requestedBy,
    });
  }
  forget(state, doomed);
}

function userRoutes(scope: FastifyInstance, state: () => CategoriesState, all: All) {
  scope.get("/apps/categories", answers({ 200: AppCategoryListing }), async (request) => {
    const caller = callerOf(request);
    // `public=true`: the public categories only; `public=false`: the caller's workspace only; neither: both.
    const only = queryFlag(queryOf(request), "public");
    const workspace = only === true ? [] : [workspaceTree(caller.username, all)];
    const visible = visibleApps(catalogOf(all), caller.username);
    const publicTrees = only === false ? [] : childrenOf(state(), null).map((root) => tree(state(), root, visible));
    return { categories: [...workspace, ...publicTrees] };
  });
  const appsIn = (request: FastifyRequest, groupId: string) => {
    const caller = callerOf(request);
    workspaceOf(all, caller.username);
    const visible = visibleApps(catalogOf(all), caller.username);
    const own = workspaceCategoryWithId(all, caller.username, groupId);
    const category = own
      ? { name: own.name, is_public: false }
      : { ...existingCategory(state(), groupId), is_public: true };
    const apps = own ? visible.filter((app) => own.holds(app, all)) : appsUnder(state(), groupId, visible);
    const listed = ofAppType(apps, queryOf(request), all).map((app) => listingDetail(app, caller.username, all));
    return {
      system_id: "de",
      id: groupId,
      name: category.name,
      is_public: category.is_public,
      total: listed.length,
      apps: paged(listed, queryOf(request), "name"),
    };
  };
  const listing = answers({ 200: AppCategoryAppListing });
  // No HPC categories are simulated: a tapis category is never found.
  scope.get<{ Params: { systemId: string; categoryId: string } }>(
    "/apps/categories/:systemId/:categoryId",
    listing,
    async (request) => {
      const { systemId, categoryId } = request.params;
      if (systemOf(systemId) !== "de") throw notFound(`app category ${categoryId} not found`);
      return appsIn(request, categoryId);
    },
  );
}

/** Administrators' categories are the `de` system's: HPC apps cannot be categorized. */
function deSystem(systemId: string) {
  if (systemOf(systemId) !== "de") throw badRequest(TAPIS_REFUSALS.categorization);
}

/** The apps administrators see in categories: every app not deleted. */
const undeletedApps = (all: All) => [...catalogOf(all).apps.values()].filter((app) => !app.deleted);

/** A public category with the apps under it, as administrators' changes answer it (`AppCategoryAppListing`). */
function adminCategoryListing(state: CategoriesState, category: Category, username: string, all: All) {
  const listed = appsUnder(state, category.id, undeletedApps(all)).map((app) => listingDetail(app, username, all));
  return { system_id: "de", id: category.id, name: category.name, is_public: true, total: listed.length, apps: listed };
}

/** A category id of a categorization request: `{system_id, id}` as the backend takes it, or the bare id. */
const categoryIdOf = (value: unknown) =>
  typeof value === "object" && value !== null ? String((value as Record<string, unknown>).id) : String(value);

function adminRoutes(scope: FastifyInstance, state: () => CategoriesState, all: All) {
  scope.get("/admin/apps/categories", answers({ 200: AppCategoryListing }), async (request) => {
    callerOf(request);
    return { categories: childrenOf(state(), null).map((root) => tree(state(), root, undeletedApps(all))) };
  });
  const listing = answers({ 200: AppCategoryAppListing });
  const create = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    const body = bodyObject(request.body);
    const name = requiredText(body, "name");
    const parent = existingCategory(state(), requiredText(body, "parent_id"));
    refuseLongName(name);
    refuseSiblingName(state(), parent.id, name);
    refuseParentWithApps(parent);
    const category = newCategory(randomUUID(), name, parent.id);
    state().categories.set(category.id, category);
    return adminCategoryListing(state(), category, caller.username, all);
  };
  scope.post<{ Params: { systemId: string } }>("/admin/apps/categories/:systemId", listing, async (request) => {
    deSystem(request.params.systemId);
    return create(request);
  });
  scope.get("/admin/apps/categories/search", answers({ 200: AppCategorySearchResults }), async (request) => {
    callerOf(request);
    const term = queryText(queryOf(request), "name")?.toLowerCase();
    if (!term) throw badRequest("the name query parameter is required", "ERR_MISSING_QUERY_PARAMETER");
    const found = [...state().categories.values()].filter((category) => category.name.toLowerCase().includes(term));
    return { categories: found.map(({ id, name }) => ({ system_id: "de", id, name, owner: "public" })) };
  });
  // The backend answers a deletion with no body.
  type CategoryParams = { Params: { systemId: string; categoryId: string } };
  const deletion = async (request: FastifyRequest<CategoryParams>, reply: FastifyReply) => {
    const caller = callerOf(request);
    deSystem(request.params.systemId);
    removeCategory(state(), request.params.categoryId, caller.username);
    return reply.send();
  };
  scope.delete<CategoryParams>("/admin/apps/categories/:systemId/:categoryId", answers({ 200: NoBody }), deletion);
  const change = async (request: FastifyRequest<CategoryParams>) => {
    const caller = callerOf(request);
    deSystem(request.params.systemId);
    const category = existingCategory(state(), request.params.categoryId);
    const body = bodyObject(request.body);
    const name = typeof body.name === "string" && body.name.trim() ? body.name : category.name;
    refuseLongName(name);
    // A rename alone is not checked against the siblings' names; a move is, under the new parent.
    if (typeof body.parent_id === "string") {
      const parent = existingCategory(state(), body.parent_id);
      refuseSiblingName(state(), parent.id, name, category.id);
      refuseParentWithApps(parent);
      if (subtree(state(), category.id).some((inside) => inside.id === parent.id)) {
        throw illegal("App Category is an ancestor of the destination Category", {
          category_id: category.id,
          parent_id: parent.id,
        });
      }
      category.parent_id = parent.id;
    }
    category.name = name;
    return adminCategoryListing(state(), category, caller.username, all);
  };
  scope.patch<CategoryParams>("/admin/apps/categories/:systemId/:categoryId", listing, change);
  // Categorize apps: each named app is placed in exactly the listed categories.
  scope.post("/admin/apps", answers({ 200: NoBody }), async (request, reply) => {
    callerOf(request);
    const entries = bodyObject(request.body).categories;
    if (!Array.isArray(entries)) throw missingField("categories");
    const placements = entries.map((entry) => {
      const item = bodyObject(entry);
      const app = existingApp(catalogOf(all), requiredText(item, "app_id"));
      const ids = Array.isArray(item.category_ids) ? item.category_ids.map(categoryIdOf) : [];
      return { app, categories: ids.map((id) => existingCategory(state(), id)) };
    });
    for (const { app, categories } of placements) {
      decategorize(state(), app.id);
      for (const category of categories) category.app_ids.add(app.id);
    }
    return reply.send();
  });
}

/** Apps backend: app categories for users (their workspace and the public tree) and for administrators. */
export const categories = defineModule<CategoriesState>({
  makeState: makeCategoriesState,
  routes: (app, state, all) =>
    backendScope(app, (scope) => {
      userRoutes(scope, state, all);
      adminRoutes(scope, state, all);
    }),
});
