import { type PassthroughFamily, PLATFORM_SYSTEM_ID } from "@de-gateway/backend-clients";

/** App categories: the caller's workspace and the public tree, and their administration. */
export const appCategories: PassthroughFamily = {
  tag: "app-categories",
  rows: [
    { method: "GET", path: "/apps/categories", summary: "The caller's and the public app categories" },
    {
      method: "GET",
      path: "/apps/categories/{group-id}",
      backendPath: `/apps/categories/${PLATFORM_SYSTEM_ID}/{group-id}`,
      summary: "The apps of a category",
    },
    { method: "GET", path: "/apps/categories/featured", auth: "optional", summary: "The featured apps" },
    {
      method: "GET",
      path: "/apps/categories/{system-id}/{category-id}",
      summary: "The apps of a category of a system",
    },
    { method: "POST", path: "/admin/apps/categories/{system-id}", summary: "Create an app category in a system" },
    {
      method: "PATCH",
      path: "/admin/apps/categories/{system-id}/{category-id}",
      summary: "Rename or move an app category of a system",
    },
    {
      method: "DELETE",
      path: "/admin/apps/categories/{system-id}/{category-id}",
      summary: "Delete an app category of a system",
    },
    { method: "GET", path: "/admin/apps/categories", summary: "The public app categories" },
    {
      method: "POST",
      path: "/admin/apps/categories",
      backendPath: `/admin/apps/categories/${PLATFORM_SYSTEM_ID}`,
      summary: "Create an app category",
    },
    { method: "GET", path: "/admin/apps/categories/search", summary: "Find app categories by name" },
    {
      method: "DELETE",
      path: "/admin/apps/categories/{category-id}",
      backendPath: `/admin/apps/categories/${PLATFORM_SYSTEM_ID}/{category-id}`,
      summary: "Delete an app category",
    },
    {
      method: "PATCH",
      path: "/admin/apps/categories/{category-id}",
      backendPath: `/admin/apps/categories/${PLATFORM_SYSTEM_ID}/{category-id}`,
      summary: "Rename or move an app category",
    },
  ],
};
