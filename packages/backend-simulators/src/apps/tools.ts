import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { demoUser } from "../demo-users.js";
import { answers, NoBody } from "../framework/answers.js";
import { type Caller, callerOf, fullName, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, forbidden, missingField, notFound } from "../framework/problems.js";
import { bodyObject, paged, queryFlag, queryText, requiredText } from "../framework/request-values.js";
import { AdminAppListing, AppListing } from "./answer-schemas/apps.js";
import { GpuModels, ToolDetails, ToolIdsList, ToolListing } from "./answer-schemas/tools.js";
import { listingDetail } from "./app-listing.js";
import { type AppPermission, catalogOf, permissionOf } from "./catalog.js";
import { searchMatcher } from "./search-terms.js";
import { SEED_TOOL_IDS } from "./seed-ids.js";

/** A tool's container: its settings and image, each with the id the backend's tables give it. */
export interface ToolContainer {
  id: string;
  image: { id: string; name: string; tag: string };
  [setting: string]: unknown;
}

/** Who integrated a tool, and the data to test it with. */
export interface ToolImplementation {
  implementor: string;
  implementor_email: string;
  test: { input_files: string[]; output_files: string[] };
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
  implementation: ToolImplementation;
  time_limit_seconds: number;
  restricted: boolean;
  interactive: boolean;
}

export interface ToolsState {
  tools: Map<string, ToolRecord>;
  /** tool id → username → permission granted by sharing. */
  shares: Map<string, Map<string, AppPermission>>;
}

/** The implementation the backend records for a tool added without one: the adding user's name and address. */
const implementedBy = (implementor: string, email: string): ToolImplementation => ({
  implementor,
  implementor_email: email,
  test: { input_files: [], output_files: [] },
});

function seedImplementation(owner: string): ToolImplementation {
  const user = demoUser(owner);
  return implementedBy(user ? `${user.firstName} ${user.lastName}` : owner, user?.email ?? "");
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
  container: { id: randomUUID(), image: { id: randomUUID(), name: image, tag: "latest" } },
  implementation: seedImplementation(owner),
  time_limit_seconds: 0,
  restricted: false,
  interactive: false,
});

export const SEED_TOOLS: readonly ToolRecord[] = [
  seedTool(SEED_TOOL_IDS.wc, "wc", "GNU word count", "discoenv/coreutils", "carol", true),
  seedTool(SEED_TOOL_IDS.fastqc, "fastqc", "Read quality control", "biocontainers/fastqc", "carol", true),
  seedTool(SEED_TOOL_IDS.aligner, "alice-aligner", "Alice's read aligner", "alice/aligner", "alice", false),
  seedTool(SEED_TOOL_IDS.curl, "curl", "Transfers a file from a URL", "curlimages/curl", "carol", true),
  {
    ...seedTool(
      SEED_TOOL_IDS.jupyterLab,
      "jupyter-lab",
      "JupyterLab for data science, as an interactive app",
      "discoenv/jupyterlab-datascience",
      "carol",
      true,
    ),
    type: "interactive",
    interactive: true,
  },
];

/**
 * Sharing an app shares its tools for reading (cyverse-de/apps `src/apps/service/apps/de/sharing.clj`): alice's
 * aligner went with her app when she shared it with carol.
 */
const SEED_TOOL_SHARES: ReadonlyArray<[string, ReadonlyArray<[string, AppPermission]>]> = [
  [SEED_TOOL_IDS.aligner, [["carol", "read"]]],
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

/** A tool's details as `GET /tools/{id}` answers them: the caller's permission, "" when they hold none. */
const toolDetails = (state: ToolsState, tool: ToolRecord, username: string) =>
  toolView(tool, toolPermission(state, tool, username) ?? "");

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

/** A container from a request; the ids of the one it replaces are kept (the image's while it is the same one). */
function containerFrom(value: unknown, previous?: ToolContainer): ToolContainer {
  const container = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const image = (container.image ?? {}) as Record<string, unknown>;
  if (typeof image.name !== "string" || !image.name) throw missingField("container.image.name");
  const tag = typeof image.tag === "string" ? image.tag : "latest";
  const sameImage = previous?.image.name === image.name && previous.image.tag === tag;
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
    callerOf(request);
    existingTool(state(), request.params.toolId);
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
  makeState: () => ({
    tools: new Map(SEED_TOOLS.map((tool) => [tool.id, structuredClone(tool)])),
    shares: new Map(SEED_TOOL_SHARES.map(([id, shares]) => [id, new Map(shares)])),
  }),
  routes: (app, state, all) =>
    backendScope(app, (scope) => {
      userRoutes(scope, state, all);
      adminRoutes(scope, state, all);
    }),
});
