import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type Caller, callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, forbidden, missingField, notFound } from "../framework/problems.js";
import { bodyObject, paged, queryFlag, queryText, requiredText } from "../framework/request-values.js";
import { listingDetail } from "./app-listing.js";
import { type AppPermission, catalogOf, permissionOf } from "./catalog.js";
import { searchMatcher } from "./search-terms.js";
import { SEED_TOOL_IDS } from "./seed-ids.js";

export interface ToolContainer {
  image: { name: string; tag: string };
  [setting: string]: unknown;
}

/** A tool (a container image and how to run it) as the apps backend keeps it. */
export interface ToolRecord {
  id: string;
  name: string;
  description: string;
  version: string;
  attribution: string;
  location: string;
  type: string;
  is_public: boolean;
  owner: string;
  container: ToolContainer;
  time_limit_seconds: number;
  restricted: boolean;
  interactive: boolean;
}

export interface ToolsState {
  tools: Map<string, ToolRecord>;
  /** tool id → username → permission granted by sharing. */
  shares: Map<string, Map<string, AppPermission>>;
}

const seedTool = (id: string, name: string, description: string, image: string, owner: string, isPublic: boolean) => ({
  id,
  name,
  description,
  version: "1.0",
  attribution: "",
  location: "",
  type: "executable",
  is_public: isPublic,
  owner,
  container: { image: { name: image, tag: "latest" } },
  time_limit_seconds: 0,
  restricted: false,
  interactive: false,
});

const SEED_TOOLS: readonly ToolRecord[] = [
  seedTool(SEED_TOOL_IDS.wc, "wc", "GNU word count", "discoenv/coreutils", "carol", true),
  seedTool(SEED_TOOL_IDS.fastqc, "fastqc", "Read quality control", "biocontainers/fastqc", "carol", true),
  seedTool(SEED_TOOL_IDS.aligner, "alice-aligner", "Alice's read aligner", "alice/aligner", "alice", false),
  seedTool(SEED_TOOL_IDS.curl, "curl", "Transfers a file from a URL", "curlimages/curl", "carol", true),
];

export const toolsOf = (all: () => Record<string, unknown>) => all().tools as ToolsState;

export function toolPermission(state: ToolsState, tool: ToolRecord, username: string): AppPermission | undefined {
  if (tool.owner === username) return "own";
  return state.shares.get(tool.id)?.get(username) ?? (tool.is_public ? "read" : undefined);
}

export function existingTool(state: ToolsState, id: string): ToolRecord {
  const tool = state.tools.get(id);
  if (!tool) throw notFound(`tool ${id} not found`);
  return tool;
}

export function readableTool(state: ToolsState, id: string, username: string): ToolRecord {
  const tool = existingTool(state, id);
  if (!toolPermission(state, tool, username)) throw forbidden(`insufficient privileges for tool ${id}`);
  return tool;
}

function writableTool(state: ToolsState, id: string, username: string): ToolRecord {
  const tool = readableTool(state, id, username);
  const permission = toolPermission(state, tool, username);
  if (permission !== "own" && permission !== "write") throw forbidden(`insufficient privileges for tool ${id}`);
  if (tool.is_public) throw badRequest(`tool ${id} is public and can only be changed by administrators`);
  return tool;
}

export function toolView(tool: ToolRecord, permission?: string) {
  const { owner: _owner, ...view } = tool;
  return permission === undefined ? view : { ...view, permission };
}

function containerFrom(value: unknown): ToolContainer {
  const container = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const image = (container.image ?? {}) as Record<string, unknown>;
  if (typeof image.name !== "string" || !image.name) throw missingField("container.image.name");
  return { ...container, image: { name: image.name, tag: typeof image.tag === "string" ? image.tag : "latest" } };
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
  if (changes.container !== undefined) tool.container = containerFrom(changes.container);
  return tool;
}

function search(tools: ToolRecord[], query: Record<string, unknown>) {
  const matches = searchMatcher(queryText(query, "search"));
  const publicOnly = queryFlag(query, "public");
  return tools.filter(
    (tool) =>
      matches(tool.name, tool.description, tool.container.image.name) &&
      (publicOnly === undefined || tool.is_public === publicOnly),
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
  scope.get("/tools/gpu-models", async (request) => {
    callerOf(request);
    return { gpu_models: [...GPU_MODELS] };
  });
  scope.get("/tools", async (request) => {
    const caller = callerOf(request);
    const visible = [...state().tools.values()].filter((tool) => toolPermission(state(), tool, caller.username));
    const found = search(visible, queryOf(request));
    const views = found.map((tool) => toolView(tool, toolPermission(state(), tool, caller.username)));
    return { tools: paged(views, queryOf(request), "name"), total: found.length };
  });
  scope.post("/tools", async (request) => {
    const tool = newTool(request.body, callerOf(request), false);
    state().tools.set(tool.id, tool);
    return toolView(tool, "own");
  });
  scope.get<IdParams>("/tools/:toolId", async (request) => {
    const caller = callerOf(request);
    const tool = readableTool(state(), request.params.toolId, caller.username);
    return toolView(tool, toolPermission(state(), tool, caller.username));
  });
  scope.patch<IdParams>("/tools/:toolId", async (request) => {
    const caller = callerOf(request);
    return toolView(applyChanges(writableTool(state(), request.params.toolId, caller.username), request.body), "own");
  });
  scope.delete<IdParams>("/tools/:toolId", async (request) => {
    const caller = callerOf(request);
    const tool = writableTool(state(), request.params.toolId, caller.username);
    refuseWhenUsed(tool.id, all);
    state().tools.delete(tool.id);
    return {};
  });
  scope.get<IdParams>("/tools/:toolId/apps", async (request) => {
    const caller = callerOf(request);
    readableTool(state(), request.params.toolId, caller.username);
    return { apps: appsUsing(request.params.toolId, caller.username, all) };
  });
}

function adminRoutes(scope: FastifyInstance, state: () => ToolsState, all: () => Record<string, unknown>) {
  scope.get("/admin/tools", async (request) => {
    callerOf(request);
    const found = search([...state().tools.values()], queryOf(request));
    return {
      tools: paged(
        found.map((tool) => toolView(tool)),
        queryOf(request),
        "name",
      ),
      total: found.length,
    };
  });
  scope.post("/admin/tools", async (request) => {
    const caller = callerOf(request);
    const tools = bodyObject(request.body).tools;
    if (!Array.isArray(tools) || tools.length === 0) throw missingField("tools");
    const created = tools.map((tool) => newTool(tool, caller, true));
    for (const tool of created) state().tools.set(tool.id, tool);
    return { tool_ids: created.map((tool) => tool.id) };
  });
  scope.get<IdParams>("/admin/tools/:toolId", async (request) => {
    callerOf(request);
    return toolView(existingTool(state(), request.params.toolId));
  });
  scope.patch<IdParams>("/admin/tools/:toolId", async (request) => {
    callerOf(request);
    return toolView(applyChanges(existingTool(state(), request.params.toolId), request.body));
  });
  scope.delete<IdParams>("/admin/tools/:toolId", async (request) => {
    callerOf(request);
    const tool = existingTool(state(), request.params.toolId);
    refuseWhenUsed(tool.id, all);
    state().tools.delete(tool.id);
    return {};
  });
  scope.get<IdParams>("/admin/tools/:toolId/apps", async (request) => {
    callerOf(request);
    existingTool(state(), request.params.toolId);
    return { apps: appsUsing(request.params.toolId, undefined, all) };
  });
  scope.post<IdParams>("/admin/tools/:toolId/publish", async (request) => {
    callerOf(request);
    const tool = existingTool(state(), request.params.toolId);
    if (tool.is_public) throw badRequest(`tool ${tool.id} is already public`);
    applyChanges(tool, request.body ?? {});
    tool.is_public = true;
    return toolView(tool);
  });
}

/** Apps backend: tools for users (their own, shared and public ones) and for administrators. */
export const tools = defineModule<ToolsState>({
  makeState: () => ({ tools: new Map(SEED_TOOLS.map((tool) => [tool.id, structuredClone(tool)])), shares: new Map() }),
  routes: (app, state, all) =>
    backendScope(app, (scope) => {
      userRoutes(scope, state, all);
      adminRoutes(scope, state, all);
    }),
});
