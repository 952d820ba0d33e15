import type { PassthroughFamily } from "../passthrough/rows.js";

/** Users' workspaces, for administrators. */
export const workspaces: PassthroughFamily = {
  tag: "workspaces",
  rows: [
    { method: "GET", path: "/admin/workspaces", summary: "List workspaces (?username=)" },
    { method: "DELETE", path: "/admin/workspaces", summary: "Delete users' workspaces (?username=)" },
  ],
};
