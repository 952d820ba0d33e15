import { randomUUID } from "node:crypto";
import { demoUser } from "../demo-users.js";
import { badRequest, forbidden, notFound } from "../framework/problems.js";
import { SEED_TOOL_IDS } from "../seed-ids.js";
import type { AppPermission, AppRecord } from "./catalog-store.js";

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
export const implementedBy = (implementor: string, email: string): ToolImplementation => ({
  implementor,
  implementor_email: email,
  test: { input_files: [], output_files: [] },
});

function seedImplementation(owner: string): ToolImplementation {
  const user = demoUser(owner);
  return implementedBy(user ? `${user.firstName} ${user.lastName}` : owner, user?.email ?? "");
}

/** The tool type of the platform's own tools (apps `constants.clj`), the one de-database marks hidden. */
export const INTERNAL_TOOL_TYPE = "internal";

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
  // de-database's internal tool for URL imports: of the `internal` type, which is hidden.
  {
    ...seedTool(
      SEED_TOOL_IDS.curl,
      "curl_wrapper.pl",
      "curl wrapper for DE URL imports",
      "discoenv/curl-wrapper",
      "carol",
      true,
    ),
    version: "1.0.0",
    location: "/usr/local/bin",
    type: INTERNAL_TOOL_TYPE,
  },
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

/** The tool a single-step app's task runs (its first one the backend knows), if any. */
export const taskTool = (app: AppRecord, tools: ToolsState): ToolRecord | undefined =>
  app.tool_ids.map((id) => tools.tools.get(id)).find((tool) => tool !== undefined);

/** Whether an app runs a tool of the `internal` type: the platform's own apps, whose analyses listings hide. */
export const runsInternalTool = (app: AppRecord, tools: ToolsState) =>
  app.tool_ids.some((id) => tools.tools.get(id)?.type === INTERNAL_TOOL_TYPE);

/** Whether an app runs an interactive (VICE) tool: its job type is `interactive`, its analyses `Interactive` jobs. */
export const runsInteractiveTool = (app: AppRecord, tools: ToolsState) =>
  app.tool_ids.some((id) => tools.tools.get(id)?.interactive === true);

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

export function writableTool(state: ToolsState, id: string, username: string): ToolRecord {
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
export const toolDetails = (state: ToolsState, tool: ToolRecord, username: string) =>
  toolView(tool, toolPermission(state, tool, username) ?? "");

/** The tools as the backend starts: the demo tools and the aligner's share. */
export const makeToolsState = (): ToolsState => ({
  tools: new Map(SEED_TOOLS.map((tool) => [tool.id, structuredClone(tool)])),
  shares: new Map(SEED_TOOL_SHARES.map(([id, shares]) => [id, new Map(shares)])),
});
