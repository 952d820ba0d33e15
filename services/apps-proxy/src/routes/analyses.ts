import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Analyses: the caller's submitted jobs (submitting one: analysis-submission.ts, which checks its output folder). */
export const analyses: PassthroughFamily = {
  tag: "analyses",
  rows: [
    { method: "GET", path: "/analyses", summary: "The caller's analyses" },
    { method: "POST", path: "/analyses/shredder", summary: "Delete several analyses" },
    { method: "DELETE", path: "/analyses/{analysis-id}", summary: "Delete an analysis" },
    { method: "PATCH", path: "/analyses/{analysis-id}", summary: "Rename or describe an analysis" },
    { method: "GET", path: "/analyses/{analysis-id}/parameters", summary: "The parameter values an analysis ran with" },
    { method: "GET", path: "/analyses/{analysis-id}/relaunch-info", summary: "The launch form filled as submitted" },
    { method: "GET", path: "/analyses/{analysis-id}/steps", summary: "An analysis's steps" },
    { method: "POST", path: "/analyses/{analysis-id}/stop", summary: "Stop a running analysis" },
    { method: "GET", path: "/analyses/stats", summary: "How many analyses the caller has, by status (?filter=)" },
    { method: "GET", path: "/analyses/{analysis-id}/history", summary: "An analysis's status updates, step by step" },
    { method: "POST", path: "/analyses/relauncher", summary: "Run analyses again as they were submitted" },
    { method: "POST", path: "/analyses/permission-lister", summary: "Who analyses are shared with" },
    { method: "POST", path: "/analyses/sharing", summary: "Share analyses" },
    { method: "POST", path: "/analyses/unsharing", summary: "Unshare analyses" },
  ],
};
