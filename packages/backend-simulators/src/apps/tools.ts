import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { type Caller, callerOf, fullName, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, missingField } from "../framework/problems.js";
import { bodyObject, paged, queryFlag, queryText, requiredText } from "../framework/request-values.js";
import { AdminAppListing, AppListing } from "./answer-schemas/apps.js";
import { GpuModels, ToolDetails, ToolIdsList, ToolListing } from "./answer-schemas/tools.js";
import { listingDetail } from "./app-listing.js";
import { catalogOf, permissionOf } from "./catalog-store.js";
import { workspaceOf } from "./login.js";
import { searchMatcher } from "./search-terms.js";
import {
  existingTool,
  INTERNAL_TOOL_TYPE,
  implementedBy,
  makeToolsState,
  readableTool,
  type ToolContainer,
  type ToolImplementation,
  type ToolRecord,
  type ToolsState,
  toolDetails,
  toolPermission,
  writableTool,
} from "./tools-store.js";

/** A tool as listings show it: the implementor without test data, the container as its image and entrypoint. */
function toolListingItem(state: ToolsState, tool: ToolRecord, username: string) {
  const { implementation, container, ...details } = toolDetails(state, tool, username);
  const { entrypoint } = container;
  return {
    ...details,
    implementation: { implementor: implementation.implementor, implementor_email: implementation.implementor_email },
    container: {
      ...(typeof entrypoint === "string" ? { entrypoint } : {}),
      image: { name: container.image.name, tag: container.image.tag },
    },
  };
}

/** The container's lists the database keeps as rows of their own, each listed with its row's id. */
const CONTAINER_ROWS = ["container_ports", "container_devices", "container_volumes", "container_volumes_from"];

/** A row as the database keeps it: with an id (the one it was given, else a new one). */
const withRowId = (row: unknown) => {
  const fields = typeof row === "object" && row !== null ? (row as Record<string, unknown>) : {};
  return { ...fields, id: typeof fields.id === "string" ? fields.id : randomUUID() };
};

/**
 * A container from a request; the ids of the one it replaces are kept (the image's while it is the same one). Its
 * ports, devices, volumes and proxy settings are rows (containers.clj `add-tool-container`), read back with their
 * ids, and an empty list is left out (`tool-container-info`, `filter-returns`).
 */
function containerFrom(value: unknown, previous?: ToolContainer): ToolContainer {
  const container = typeof value === "object" && value !== null ? { ...(value as Record<string, unknown>) } : {};
  const image = (container.image ?? {}) as Record<string, unknown>;
  if (typeof image.name !== "string" || !image.name) throw missingField("container.image.name");
  const tag = typeof image.tag === "string" ? image.tag : "latest";
  const sameImage = previous?.image.name === image.name && previous.image.tag === tag;
  for (const field of CONTAINER_ROWS) {
    const rows = container[field];
    if (Array.isArray(rows) && rows.length > 0) container[field] = rows.map(withRowId);
    else delete container[field];
  }
  if (typeof container.interactive_apps === "object" && container.interactive_apps !== null) {
    container.interactive_apps = withRowId(container.interactive_apps);
  }
  return {
    ...container,
    id: previous?.id ?? randomUUID(),
    image: { id: sameImage ? previous.image.id : randomUUID(), name: image.name, tag },
  };
}

/** The implementation a request gives, each part it leaves out as it was (a new tool's: the adding user's). */
function implementationFrom(value: unknown, kept: ToolImplementation): ToolImplementation {
  if (typeof value !== "object" || value === null) return kept;
  const given = value as Record<string, unknown>;
  const test = (given.test ?? {}) as Record<string, unknown>;
  const paths = (list: unknown, old: string[]) => (Array.isArray(list) ? list.map(String) : old);
  return {
    implementor: typeof given.implementor === "string" ? given.implementor : kept.implementor,
    implementor_email: typeof given.implementor_email === "string" ? given.implementor_email : kept.implementor_email,
    test: {
      input_files: paths(test.input_files, kept.test.input_files),
      output_files: paths(test.output_files, kept.test.output_files),
    },
  };
}

function newTool(body: unknown, owner: Caller, isPublic: boolean): ToolRecord {
  const tool = bodyObject(body);
  const text = (field: string) => (typeof tool[field] === "string" ? (tool[field] as string) : "");
  return {
    id: randomUUID(),
    name: requiredText(tool, "name"),
    version: requiredText(tool, "version"),
    description: text("description"),
    attribution: text("attribution"),
    location: text("location"),
    type: text("type") || "executable",
    is_public: isPublic,
    owner: owner.username,
    container: containerFrom(tool.container),
    implementation: implementationFrom(tool.implementation, implementedBy(fullName(owner), owner.email)),
    time_limit_seconds: typeof tool.time_limit_seconds === "number" ? tool.time_limit_seconds : 0,
    restricted: tool.restricted === true,
    interactive: tool.interactive === true,
  };
}

const EDITABLE = ["name", "description", "version", "attribution", "location", "type", "time_limit_seconds"] as const;

function applyChanges(tool: ToolRecord, body: unknown): ToolRecord {
  const changes = bodyObject(body);
  for (const field of EDITABLE) {
    if (changes[field] !== undefined) Object.assign(tool, { [field]: changes[field] });
  }
  if (changes.container !== undefined) tool.container = containerFrom(changes.container, tool.container);
  tool.implementation = implementationFrom(changes.implementation, tool.implementation);
  return tool;
}

/** A listing's tools (persistence/tools.clj): those of a hidden type, the `internal` ones, only with `include-hidden`. */
function search(tools: ToolRecord[], query: Record<string, unknown>) {
  const matches = searchMatcher(queryText(query, "search"));
  const publicOnly = queryFlag(query, "public");
  const includeHidden = queryFlag(query, "include-hidden") === true;
  return tools.filter(
    (tool) =>
      matches(tool.name, tool.description, tool.container.image.name) &&
      (publicOnly === undefined || tool.is_public === publicOnly) &&
      (includeHidden || tool.type !== INTERNAL_TOOL_TYPE),
  );
}

function appsUsing(toolId: string, username: string | undefined, all: () => Record<string, unknown>) {
  const catalog = catalogOf(all);
  const apps = [...catalog.apps.values()].filter(
    (app) => app.tool_ids.includes(toolId) && !app.deleted && (!username || permissionOf(catalog, app, username)),
  );
  return apps.map((app) => listingDetail(app, username ?? "", all));
}

function refuseWhenUsed(toolId: string, all: () => Record<string, unknown>) {
  if ([...catalogOf(all).apps.values()].some((app) => app.tool_ids.includes(toolId) && !app.deleted)) {
    throw badRequest(`tool ${toolId} is used by one or more apps`, "ERR_NOT_WRITEABLE");
  }
}

type IdParams = { Params: { toolId: string } };

/** The GPU models tools may ask for, as the backend's configuration lists them. */
export const GPU_MODELS = ["NVIDIA-A16", "NVIDIA-A100", "NVIDIA-H100"] as const;

function userRoutes(scope: FastifyInstance, state: () => ToolsState, all: () => Record<string, unknown>) {
  scope.get("/tools/gpu-models", answers({ 200: GpuModels }), async (request) => {
    callerOf(request);
    return { gpu_models: [...GPU_MODELS] };
  });
  scope.get("/tools", answers({ 200: ToolListing }), async (request) => {
    const caller = callerOf(request);
    const visible = [...state().tools.values()].filter((tool) => toolPermission(state(), tool, caller.username));
    const found = search(visible, queryOf(request));
    const views = found.map((tool) => toolListingItem(state(), tool, caller.username));
    return { tools: paged(views, queryOf(request), "name"), total: found.length };
  });
  scope.post("/tools", answers({ 200: ToolDetails }), async (request) => {
    const caller = callerOf(request);
    const tool = newTool(request.body, caller, false);
    state().tools.set(tool.id, tool);
    return toolDetails(state(), tool, caller.username);
  });
  scope.get<IdParams>("/tools/:toolId", answers({ 200: ToolDetails }), async (request) => {
    const caller = callerOf(request);
    return toolDetails(state(), readableTool(state(), request.params.toolId, caller.username), caller.username);
  });
  scope.patch<IdParams>("/tools/:toolId", answers({ 200: ToolDetails }), async (request) => {
    const caller = callerOf(request);
    const tool = applyChanges(writableTool(state(), request.params.toolId, caller.username), request.body);
    return toolDetails(state(), tool, caller.username);
  });
  // Deletions answer 200 without a body.
  scope.delete<IdParams>("/tools/:toolId", answers({ 200: NoBody }), async (request, reply) => {
    const caller = callerOf(request);
    const tool = writableTool(state(), request.params.toolId, caller.username);
    refuseWhenUsed(tool.id, all);
    state().tools.delete(tool.id);
    return reply.code(200).send();
  });
  scope.get<IdParams>("/tools/:toolId/apps", answers({ 200: AppListing }), async (request) => {
    const caller = callerOf(request);
    readableTool(state(), request.params.toolId, caller.username);
    workspaceOf(all, caller.username);
    const apps = appsUsing(request.params.toolId, caller.username, all);
    return { apps, total: apps.length };
  });
}

function adminRoutes(scope: FastifyInstance, state: () => ToolsState, all: () => Record<string, unknown>) {
  // Administrators see every tool, with the permission they hold themselves ("" for most).
  scope.get("/admin/tools", answers({ 200: ToolListing }), async (request) => {
    const caller = callerOf(request);
    const found = search([...state().tools.values()], queryOf(request));
    const views = found.map((tool) => toolListingItem(state(), tool, caller.username));
    return { tools: paged(views, queryOf(request), "name"), total: found.length };
  });
  scope.post("/admin/tools", answers({ 200: ToolIdsList }), async (request) => {
    const caller = callerOf(request);
    const tools = bodyObject(request.body).tools;
    if (!Array.isArray(tools) || tools.length === 0) throw missingField("tools");
    const created = tools.map((tool) => newTool(tool, caller, true));
    for (const tool of created) state().tools.set(tool.id, tool);
    return { tool_ids: created.map((tool) => tool.id) };
  });
  scope.get<IdParams>("/admin/tools/:toolId", answers({ 200: ToolDetails }), async (request) => {
    const caller = callerOf(request);
    return toolDetails(state(), existingTool(state(), request.params.toolId), caller.username);
  });
  scope.patch<IdParams>("/admin/tools/:toolId", answers({ 200: ToolDetails }), async (request) => {
    const caller = callerOf(request);
    const tool = applyChanges(existingTool(state(), request.params.toolId), request.body);
    return toolDetails(state(), tool, caller.username);
  });
  scope.delete<IdParams>("/admin/tools/:toolId", answers({ 200: NoBody }), async (request, reply) => {
    callerOf(request);
    const tool = existingTool(state(), request.params.toolId);
    refuseWhenUsed(tool.id, all);
    state().tools.delete(tool.id);
    return reply.code(200).send();
  });
  scope.get<IdParams>("/admin/tools/:toolId/apps", answers({ 200: AdminAppListing }), async (request) => {
    const caller = callerOf(request);
    existingTool(state(), request.params.toolId);
    workspaceOf(all, caller.username);
    const apps = appsUsing(request.params.toolId, undefined, all);
    return { apps, total: apps.length };
  });
  scope.post<IdParams>("/admin/tools/:toolId/publish", answers({ 200: ToolDetails }), async (request) => {
    const caller = callerOf(request);
    const tool = existingTool(state(), request.params.toolId);
    if (tool.is_public) throw badRequest(`tool ${tool.id} is already public`);
    applyChanges(tool, request.body ?? {});
    tool.is_public = true;
    return toolDetails(state(), tool, caller.username);
  });
}

/** Apps backend: tools for users (their own, shared and public ones) and for administrators. */
export const tools = defineModule<ToolsState>({
  makeState: makeToolsState,
  routes: (app, state, all) =>
    backendScope(app, (scope) => {
      userRoutes(scope, state, all);
      adminRoutes(scope, state, all);
    }),
});
