import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Integration data: who integrated apps and tools (name and e-mail), kept by administrators. */
export const integrationData: PassthroughFamily = {
  tag: "integration-data",
  rows: [
    { method: "GET", path: "/admin/integration-data", summary: "Search integration data (?search=, paging)" },
    { method: "POST", path: "/admin/integration-data", summary: "Add integration data" },
    { method: "GET", path: "/admin/integration-data/{integration-data-id}", summary: "One integration data record" },
    { method: "PUT", path: "/admin/integration-data/{integration-data-id}", summary: "Change integration data" },
    {
      method: "DELETE",
      path: "/admin/integration-data/{integration-data-id}",
      summary: "Delete unused integration data",
    },
    { method: "GET", path: "/tools/{tool-id}/integration-data", summary: "Who integrated a tool" },
    {
      method: "PUT",
      path: "/admin/tools/{tool-id}/integration-data/{integration-data-id}",
      summary: "Set who integrated a tool",
    },
  ],
};
