import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { AvuChangeResult, AvuGetResult, MetadataCopyResult } from "../answer-schemas.js";
import { addAvus, metadataPart, requestedAvus, setAvus, userAvus } from "../avus.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import { avuTargetOf } from "../metadata-service.js";
import { body, stringList } from "../request-values.js";

type ById = { Params: { id: string } };

/**
 * `GET /data/{id}/metadata` → the metadata service's `{avus}` with `irods-avus` and `path`; `PUT` (replace) and
 * `PATCH` (add) `{irods-avus?, …}` → `{path, user}`, the rest of the body passed to the metadata service (PUT sets
 * its AVUs, PATCH adds them when there is anything to add); `POST /data/{id}/metadata/copy` `{destination_ids}` →
 * `{user, src, paths}`, the metadata service copying its AVUs. Reading needs read access, changing needs write
 * access (data-info `services/metadata.clj`).
 */
export function avuRoutes(app: FastifyInstance, context: FileInfoContext) {
  const { metadata } = context;
  app.get<ById>("/data/:id/metadata", answers({ 200: AvuGetResult }), async (request) => {
    const view = viewFor(request, context);
    const entry = view.readable(view.entryWithId(request.params.id));
    const listed = await metadata.listAvus(view.user, avuTargetOf(entry));
    return { ...listed, "irods-avus": userAvus(entry), path: entry.path };
  });

  app.put<ById>("/data/:id/metadata", answers({ 200: AvuChangeResult }), async (request) => {
    const view = viewFor(request, context);
    const fields = body(request);
    const avus = requestedAvus(fields["irods-avus"]);
    const entry = view.writeable(view.entryWithId(request.params.id));
    await metadata.setAvus(view.user, avuTargetOf(entry), metadataPart(fields));
    setAvus(entry, avus);
    return { path: entry.path, user: view.user };
  });

  app.patch<ById>("/data/:id/metadata", answers({ 200: AvuChangeResult }), async (request) => {
    const view = viewFor(request, context);
    const fields = body(request);
    const avus = requestedAvus(fields["irods-avus"]);
    const rest = metadataPart(fields);
    const entry = view.writeable(view.entryWithId(request.params.id));
    if (Object.keys(rest).length > 0) await metadata.updateAvus(view.user, avuTargetOf(entry), rest);
    addAvus(entry, avus);
    return { path: entry.path, user: view.user };
  });

  app.post<ById>("/data/:id/metadata/copy", answers({ 200: MetadataCopyResult }), async (request) => {
    const view = viewFor(request, context);
    const ids = stringList(body(request), "destination_ids");
    const source = view.readable(view.entryWithId(request.params.id));
    const destinations = view.allWriteable(ids.map((id) => view.entryWithId(id)));
    await metadata.copyAvus(view.user, avuTargetOf(source), destinations.map(avuTargetOf));
    for (const destination of destinations) addAvus(destination, userAvus(source));
    return { user: view.user, src: source.path, paths: destinations.map((entry) => entry.path) };
  });
}
