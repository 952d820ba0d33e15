import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { qualifiedUsername } from "../demo-users.js";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, notFound } from "../framework/problems.js";
import { bodyObject, paged, queryText, requiredText } from "../framework/request-values.js";
import {
  ToolRequestDetails,
  ToolRequestListing,
  ToolRequestStatusCodeListing,
} from "./answer-schemas/tool-requests.js";

export interface StatusChange {
  status: string;
  status_date: number;
  updated_by: string;
  comments: string;
}

/** A user's request to have a tool installed, with the history of its status. */
export interface ToolRequestRecord {
  id: string;
  submitted_by: string;
  name: string;
  description: string;
  source_url: string;
  documentation_url: string;
  version: string;
  attribution: string;
  multithreaded: boolean;
  architecture: string;
  test_data_path: string;
  cmd_line: string;
  additional_info: string;
  phone: string;
  history: StatusChange[];
}

export interface StatusCode {
  id: string;
  name: string;
  description: string;
}

export interface ToolRequestsState {
  requests: Map<string, ToolRequestRecord>;
  statusCodes: Map<string, StatusCode>;
}

const ARCHITECTURES = ["32-bit Generic", "64-bit Generic", "Others", "Don't know"];
const SEED_STATUS_CODES: readonly StatusCode[] = [
  ["Submitted", "The request has been submitted, but not acted upon by the support team."],
  ["Pending", "The support team is waiting for a response from the requesting user."],
  ["Evaluation", "The support team is evaluating the tool for installation."],
  ["Installation", "The support team is installing the tool."],
  ["Validation", "The support team is verifying that the installation was successful."],
  ["Completion", "The tool has been installed successfully."],
  ["Failed", "The tool could not be installed."],
].map(([name, description], index) => ({
  id: `c9d8e7f6-0000-4000-8000-00000000000${index}`,
  name: name ?? "",
  description: description ?? "",
}));

const text = (body: Record<string, unknown>, field: string) =>
  typeof body[field] === "string" ? (body[field] as string) : "";

function newRequest(body: unknown, username: string): ToolRequestRecord {
  const request = bodyObject(body);
  const architecture = text(request, "architecture") || "Others";
  if (!ARCHITECTURES.includes(architecture)) throw notFound(`unknown architecture ${architecture}`);
  const source = text(request, "source_url") || text(request, "source_upload_file");
  if (!source) throw badRequest("the request field source_url is required", "ERR_BAD_OR_MISSING_FIELD");
  return {
    id: randomUUID(),
    submitted_by: username,
    name: requiredText(request, "name"),
    description: requiredText(request, "description"),
    source_url: source,
    documentation_url: requiredText(request, "documentation_url"),
    version: requiredText(request, "version"),
    attribution: text(request, "attribution"),
    multithreaded: request.multithreaded === true,
    architecture,
    test_data_path: requiredText(request, "test_data_path"),
    cmd_line: requiredText(request, "cmd_line"),
    additional_info: text(request, "additional_info"),
    phone: text(request, "phone"),
    history: [{ status: "Submitted", status_date: Date.now(), updated_by: username, comments: "" }],
  };
}

function summary(request: ToolRequestRecord) {
  const first = request.history[0];
  const last = request.history.at(-1);
  return {
    id: request.id,
    name: request.name,
    version: request.version,
    requested_by: request.submitted_by,
    date_submitted: first?.status_date ?? 0,
    status: last?.status ?? "",
    date_updated: last?.status_date ?? 0,
    updated_by: last?.updated_by ?? "",
  };
}

function listing(requests: ToolRequestRecord[], request: FastifyRequest) {
  const query = queryOf(request);
  const status = queryText(query, "status");
  const found = requests.map(summary).filter((item) => !status || item.status === status);
  return { tool_requests: paged(found, query, "date_submitted") };
}

function routes(scope: FastifyInstance, state: () => ToolRequestsState) {
  const existing = (id: string) => {
    const found = state().requests.get(id);
    if (!found) throw notFound(`tool request ${id} not found`);
    return found;
  };
  // The apps service names users as its users table does, qualified (persistence/tool_requests.clj `username`).
  scope.post("/tool-requests", answers({ 200: ToolRequestDetails }), async (request) => {
    const created = newRequest(request.body, qualifiedUsername(callerOf(request).username));
    state().requests.set(created.id, created);
    return created;
  });
  scope.get("/tool-requests", answers({ 200: ToolRequestListing }), async (request) => {
    const username = qualifiedUsername(callerOf(request).username);
    return listing(
      [...state().requests.values()].filter((item) => item.submitted_by === username),
      request,
    );
  });
  scope.get("/tool-requests/status-codes", answers({ 200: ToolRequestStatusCodeListing }), async (request) => {
    callerOf(request);
    const filter = queryText(queryOf(request), "filter")?.toLowerCase();
    const codes = [...state().statusCodes.values()].filter(
      (code) => !filter || code.name.toLowerCase().includes(filter),
    );
    return { status_codes: codes.sort((a, b) => a.name.localeCompare(b.name)) };
  });
  scope.get("/admin/tool-requests", answers({ 200: ToolRequestListing }), async (request) => {
    callerOf(request);
    const username = queryText(queryOf(request), "username");
    const requests = [...state().requests.values()].filter((item) => !username || item.submitted_by === username);
    return listing(requests, request);
  });
  scope.get<{ Params: { requestId: string } }>(
    "/admin/tool-requests/:requestId",
    answers({ 200: ToolRequestDetails }),
    async (request) => {
      callerOf(request);
      return existing(request.params.requestId);
    },
  );
  // Deletions answer 200 without a body.
  scope.delete<{ Params: { requestId: string } }>(
    "/admin/tool-requests/:requestId",
    answers({ 200: NoBody }),
    async (request, reply) => {
      callerOf(request);
      state().requests.delete(existing(request.params.requestId).id);
      return reply.code(200).send();
    },
  );
  // A status code still in some request's history cannot be deleted.
  scope.delete<{ Params: { statusCodeId: string } }>(
    "/admin/tool-requests/status-codes/:statusCodeId",
    answers({ 200: NoBody }),
    async (request, reply) => {
      callerOf(request);
      const code = state().statusCodes.get(request.params.statusCodeId);
      if (!code) throw notFound(`tool request status code ${request.params.statusCodeId} not found`);
      const used = [...state().requests.values()].some((item) =>
        item.history.some((change) => change.status === code.name),
      );
      if (used) throw badRequest(`tool request status code ${code.name} is in use`, "ERR_NOT_WRITEABLE");
      state().statusCodes.delete(code.id);
      return reply.code(200).send();
    },
  );
  // A new status (the previous one if none is given); unknown status names become new status codes.
  scope.post<{ Params: { requestId: string } }>(
    "/admin/tool-requests/:requestId/status",
    answers({ 200: ToolRequestDetails }),
    async (request) => {
      const caller = callerOf(request);
      const toolRequest = existing(request.params.requestId);
      const update = bodyObject(request.body);
      const status = text(update, "status") || (toolRequest.history.at(-1)?.status ?? "Submitted");
      if (![...state().statusCodes.values()].some((code) => code.name === status)) {
        const code = { id: randomUUID(), name: status, description: status };
        state().statusCodes.set(code.id, code);
      }
      toolRequest.history.push({
        status,
        status_date: Date.now(),
        updated_by: qualifiedUsername(caller.username),
        comments: text(update, "comments"),
      });
      return toolRequest;
    },
  );
}

/** Apps backend: tool requests, their status codes and status history. */
export const toolRequests = defineModule<ToolRequestsState>({
  makeState: () => ({
    requests: new Map(),
    statusCodes: new Map(SEED_STATUS_CODES.map((code) => [code.id, { ...code }])),
  }),
  routes: (app, state) => backendScope(app, (scope) => routes(scope, state)),
});
