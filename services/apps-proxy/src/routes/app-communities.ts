import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Communities' apps and the community tags of an app (`/apps/{app-id}/communities` wins over `/apps/{system-id}/{app-id}`). */
export const appCommunities: PassthroughFamily = {
  tag: "app-communities",
  rows: [
    { method: "GET", path: "/apps/communities/{community-id}/apps", summary: "The apps of a community" },
    { method: "GET", path: "/admin/apps/communities/{community-id}/apps", summary: "The apps of any community" },
    {
      method: "POST",
      path: "/apps/{app-id}/communities",
      summary: "Tag an app with communities (an AVU list, attribute cyverse-community)",
    },
    {
      method: "DELETE",
      path: "/apps/{app-id}/communities",
      summary: "Remove community tags from an app (an AVU list)",
    },
  ],
};
