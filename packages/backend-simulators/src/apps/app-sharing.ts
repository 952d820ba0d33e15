import { answers } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope } from "../framework/problems.js";
import {
  AppPermissionListing,
  AppSharingResponse,
  AppUnsharingResponse,
  ToolPermissionListing,
  ToolSharingResponse,
  ToolUnsharingResponse,
} from "./answer-schemas/sharing.js";
import { catalogOf, permissionOf, readableApp } from "./catalog-store.js";
import { grant, listPermissions, type ShareableKind, share, unshare } from "./sharing.js";
import { readableTool, toolPermission, toolsOf } from "./tools-store.js";

function appKind(all: () => Record<string, unknown>, asAdministrator = false): ShareableKind {
  const catalog = catalogOf(all);
  return {
    idKey: "app_id",
    nameKey: "app_name",
    qualified: (id) => ({ system_id: "de", app_id: id }),
    listed: (id, name) => ({ system_id: "de", app_id: id, name }),
    ownedBy(id, username) {
      const app = catalog.apps.get(id);
      if (!app) return { error: `app ID ${id} does not exist` };
      return asAdministrator || permissionOf(catalog, app, username) === "own"
        ? { name: app.name }
        : { error: `insufficient privileges for app ID ${id}`, name: app.name };
    },
    readableName: (id, username) => readableApp(catalog, id, username).name,
    shares: () => catalog.shares,
    // sharing.clj `share-app-tools`: the sharee may read each of the app's tools after, those the sharer may share.
    sharedWith(id, subject, username) {
      const tools = toolsOf(all);
      for (const toolId of catalog.apps.get(id)?.tool_ids ?? []) {
        const tool = tools.tools.get(toolId);
        if (!tool || toolPermission(tools, tool, subject)) continue;
        if (!asAdministrator && toolPermission(tools, tool, username) !== "own") continue;
        grant(tools.shares, toolId, subject, "read");
      }
    },
  };
}

function toolKind(all: () => Record<string, unknown>): ShareableKind {
  const state = toolsOf(all);
  return {
    idKey: "tool_id",
    nameKey: "tool_name",
    qualified: (id) => ({ tool_id: id }),
    listed: (id, name) => ({ id, name }),
    ownedBy(id, username) {
      const tool = state.tools.get(id);
      if (!tool) return { error: `tool ID ${id} does not exist` };
      return toolPermission(state, tool, username) === "own"
        ? { name: tool.name }
        : { error: `insufficient privileges for tool ID ${id}`, name: tool.name };
    },
    readableName: (id, username) => readableTool(state, id, username).name,
    shares: () => state.shares,
  };
}

/** Apps backend: who apps and tools are shared with, sharing and unsharing them. */
export const appSharing = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    backendScope(app, (scope) => {
      const appSharing = answers({ 200: AppSharingResponse });
      const appUnsharing = answers({ 200: AppUnsharingResponse });
      scope.post("/apps/permission-lister", answers({ 200: AppPermissionListing }), async (request) =>
        listPermissions(appKind(all), request.body, callerOf(request).username, "apps"),
      );
      scope.post("/apps/sharing", appSharing, async (request) =>
        share(appKind(all), request.body, callerOf(request).username, "apps"),
      );
      scope.post("/apps/unsharing", appUnsharing, async (request) =>
        unshare(appKind(all), request.body, callerOf(request).username, "apps"),
      );
      // Administrators share any app, as if they owned it.
      scope.post("/admin/apps/sharing", appSharing, async (request) => {
        callerOf(request);
        return share(appKind(all, true), request.body, "", "apps");
      });
      scope.post("/admin/apps/unsharing", appUnsharing, async (request) => {
        callerOf(request);
        return unshare(appKind(all, true), request.body, "", "apps");
      });
      scope.post("/tools/permission-lister", answers({ 200: ToolPermissionListing }), async (request) =>
        listPermissions(toolKind(all), request.body, callerOf(request).username, "tools"),
      );
      scope.post("/tools/sharing", answers({ 200: ToolSharingResponse }), async (request) =>
        share(toolKind(all), request.body, callerOf(request).username, "tools"),
      );
      scope.post("/tools/unsharing", answers({ 200: ToolUnsharingResponse }), async (request) =>
        unshare(toolKind(all), request.body, callerOf(request).username, "tools"),
      );
    }),
});
