import { expectShape, isSuccess, path } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";

const TagAvus = Type.Object({
  avus: Type.Array(
    Type.Object(
      { id: Type.String(), attr: Type.String(), unit: Type.String(), target_id: Type.String() },
      { additionalProperties: true },
    ),
  ),
});
type TagAvu = Static<typeof TagAvus>["avus"][number];

/** The metadata AVUs tagging apps with a community: attribute `attribute`, value the community's full name. */
export async function communityTags(request: FastifyRequest, attribute: string, fullName: string): Promise<TagAvu[]> {
  const metadata = request.server.backends.metadata;
  const answer = await metadata.json(request, {
    path: "/avus",
    query: { "target-type": "app", attribute, value: fullName },
  });
  expectShape(metadata.name, answer, TagAvus);
  return (answer as { avus: TagAvu[] }).avus;
}

/** Points each tag at the community's new full name, app by app, keeping each AVU (its id) as it is otherwise. */
export async function retagApps(request: FastifyRequest, tags: readonly TagAvu[], newFullName: string): Promise<void> {
  const byApp = new Map<string, TagAvu[]>();
  for (const tag of tags) byApp.set(tag.target_id, [...(byApp.get(tag.target_id) ?? []), tag]);
  for (const [appId, appTags] of byApp) {
    await request.server.backends.metadata.json(request, {
      method: "POST",
      path: path`/avus/app/${appId}`,
      json: { avus: appTags.map(({ id, attr, unit }) => ({ id, attr, unit, value: newFullName })) },
    });
  }
}

/**
 * The apps backend's listing of a community's apps (`{total, apps}`), which the reference adds to a refused rename;
 * undefined when the backend cannot give it, the refusal being what matters. The backend lists apps only for a caller
 * with a workspace, which is asked for first.
 */
export async function communityAppListing(request: FastifyRequest, fullName: string): Promise<unknown> {
  try {
    await request.server.callerWorkspace.ask(request);
    const answer = await request.server.backends.apps.call(request, {
      path: path`/admin/apps/communities/${fullName}/apps`,
    });
    if (isSuccess(answer.status)) return answer.body;
    request.log.warn({ status: answer.status }, "the apps backend did not list a community's apps");
  } catch (error) {
    request.log.warn({ err: error }, "the apps backend did not list a community's apps");
  }
  return undefined;
}
