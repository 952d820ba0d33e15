import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Analyses: the caller's submitted jobs. */
export const analyses: PassthroughFamily = {
  tag: "analyses",
  rows: [
    { method: "GET", path: "/analyses", summary: "The caller's analyses" },
    { method: "POST", path: "/analyses", summary: "Submit an analysis" },
    { method: "POST", path: "/analyses/shredder", summary: "Delete several analyses" },
    { method: "DELETE", path: "/analyses/{analysis-id}", summary: "Delete an analysis" },
    { method: "PATCH", path: "/analyses/{analysis-id}", summary: "Rename or describe an analysis" },
    { method: "GET", path: "/analyses/{analysis-id}/parameters", summary: "The parameter values an analysis ran with" },
    { method: "GET", path: "/analyses/{analysis-id}/relaunch-info", summary: "The launch form filled as submitted" },
    { method: "GET", path: "/analyses/{analysis-id}/steps", summary: "An analysis's steps" },
    { method: "POST", path: "/analyses/{analysis-id}/stop", summary: "Stop a running analysis" },
  ],
};
