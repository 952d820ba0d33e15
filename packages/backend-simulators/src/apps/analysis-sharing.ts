import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, Problem } from "../framework/problems.js";
import { bodyObject } from "../framework/request-values.js";
import { type AnalysesState, type AnalysisPermission, analysesOf, ownAnalysis } from "./analyses-store.js";
import { analysisIdsOf } from "./analysis-actions.js";
import {
  AnalysisPermissionListing,
  AnalysisSharingResponse,
  AnalysisUnsharingResponse,
} from "./answer-schemas/analyses.js";

type All = () => Record<string, unknown>;

const PERMISSIONS: readonly AnalysisPermission[] = ["read", "write", "own"];
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function subjectOf(entry: Record<string, unknown>) {
  const subject = bodyObject(entry.subject ?? null);
  if (typeof subject.id !== "string" || !subject.id)
    throw badRequest("every entry needs a subject", "ERR_BAD_OR_MISSING_FIELD");
  return { id: subject.id, source_id: typeof subject.source_id === "string" ? subject.source_id : "ldap" };
}

/** Why the caller may not share this analysis, or undefined when they may (they own it). */
function refusal(state: AnalysesState, id: string, username: string): string | undefined {
  const analysis = state.analyses.get(id);
  if (!analysis || analysis.deleted) return `analysis ${id} not found`;
  return analysis.username === username ? undefined : `you do not own analysis ${id}`;
}

const nameOf = (state: AnalysesState, id: string) => state.analyses.get(id)?.name ?? "";

/**
 * Sharing and unsharing answer per subject and analysis with `ok`; a request in which any item fails validation is
 * refused as a whole with 400 and the same listing, as the apps backend does.
 */
function answer(body: Record<string, unknown[]>, key: string) {
  const failed = list(body[key]).some((entry) =>
    list((entry as Record<string, unknown>).analyses).some((item) => !(item as { ok: boolean }).ok),
  );
  if (failed) throw new Problem(400, "ERR_BAD_REQUEST", "the request did not pass validation", body);
  return body;
}

function routes(scope: FastifyInstance, all: All) {
  const state = () => analysesOf(all);
  scope.post("/analyses/permission-lister", answers({ 200: AnalysisPermissionListing }), async (request) => {
    const caller = callerOf(request);
    return {
      analyses: analysisIdsOf(request.body).map((id) => {
        const analysis = ownAnalysis(state(), id, caller);
        const permissions = [...(state().shares.get(id) ?? new Map())].map(([user, permission]) => ({
          subject: { id: user, source_id: "ldap" },
          permission,
        }));
        return { id, name: analysis.name, permissions };
      }),
    };
  });
  scope.post("/analyses/sharing", answers({ 200: AnalysisSharingResponse }), async (request) => {
    const caller = callerOf(request);
    const entries = list(bodyObject(request.body).sharing).map((raw) => {
      const entry = bodyObject(raw);
      const subject = subjectOf(entry);
      const items = list(entry.analyses).map((rawItem) => {
        const item = bodyObject(rawItem);
        const id = String(item.analysis_id ?? "");
        const permission = item.permission as AnalysisPermission;
        const reason = PERMISSIONS.includes(permission)
          ? refusal(state(), id, caller.username)
          : `unknown permission ${String(item.permission)}`;
        const base = { analysis_id: id, permission, analysis_name: nameOf(state(), id) };
        return reason
          ? { ...base, ok: false, error: { error_code: "ERR_BAD_REQUEST", reason } }
          : { ...base, ok: true };
      });
      return { subject, analyses: items };
    });
    const body = answer({ sharing: entries }, "sharing");
    for (const { subject, analyses } of entries) {
      for (const { analysis_id, permission } of analyses) {
        const shares = state().shares.get(analysis_id) ?? new Map<string, AnalysisPermission>();
        shares.set(subject.id, permission);
        state().shares.set(analysis_id, shares);
      }
    }
    return body;
  });
  scope.post("/analyses/unsharing", answers({ 200: AnalysisUnsharingResponse }), async (request) => {
    const caller = callerOf(request);
    const entries = list(bodyObject(request.body).unsharing).map((raw) => {
      const entry = bodyObject(raw);
      const subject = subjectOf(entry);
      const items = list(entry.analyses).map((value) => {
        const id = String(value);
        const reason = refusal(state(), id, caller.username);
        const base = { analysis_id: id, analysis_name: nameOf(state(), id) };
        return reason
          ? { ...base, ok: false, error: { error_code: "ERR_BAD_REQUEST", reason } }
          : { ...base, ok: true };
      });
      return { subject, analyses: items };
    });
    const body = answer({ unsharing: entries }, "unsharing");
    for (const { subject, analyses } of entries) {
      for (const { analysis_id } of analyses) state().shares.get(analysis_id)?.delete(subject.id);
    }
    return body;
  });
}

/** Apps backend: who analyses are shared with, sharing and unsharing them (their owners only). */
export const analysisSharing = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) => backendScope(app, (scope) => routes(scope, all)),
});
