import { PLATFORM_SYSTEM_ID, path } from "@de-gateway/backend-clients";
import { commentsOn } from "@de-gateway/comments";
import { notFound } from "@de-gateway/service-kit";
import { Type } from "typebox";

/** What the access check reads of an app's details. */
const AppDetails = Type.Object({ integrator_email: Type.Optional(Type.Unknown()) });

const sameAddress = (a: unknown, b: string) =>
  typeof a === "string" && a !== "" && b !== "" && a.toLowerCase() === b.toLowerCase();

/**
 * Comments on apps, kept by the metadata backend. The app must exist and be visible to the caller; its owner is
 * its integrator, recognised by e-mail address as the reference gateway does.
 */
export const appComments = commentsOn({
  noun: "app",
  tag: "app-comments",
  param: "appId",
  prefix: "/apps",
  adminPrefix: "/admin/apps",
  backendPrefix: "/apps",
  async access(request, appId) {
    const { apps } = request.server.backends;
    const answer = await apps.call<{ integrator_email?: unknown }>(request, {
      path: path`/apps/${PLATFORM_SYSTEM_ID}/${appId}/details`,
    });
    if (answer.status === 403 || answer.status === 404) throw notFound(`app ${appId} not found`);
    const details = apps.expectOk(answer, AppDetails);
    return { owned: sameAddress(details.integrator_email, request.user.email) };
  },
});
