import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { AvuChangeResult, AvuGetResult, MetadataCopyResult } from "../answer-schemas.js";
import { addAvus, metadataPart, requestedAvus, setAvus, userAvus } from "../avus.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import type { Entry } from "../catalogue.js";
import { body, stringList } from "../request-values.js";

type ById = { Params: { id: string } };

/** Template AVUs appended to what an entry has (PATCH and copy add, they do not replace). */
function appendMetadata(entry: Entry, metadata: Record<string, unknown>) {
  const existing = Array.isArray(entry.metadata.avus) ? entry.metadata.avus : [];
  const added = Array.isArray(metadata.avus) ? metadata.avus : [];
  entry.metadata = { ...entry.metadata, ...metadata, avus: [...existing, ...added] };
}

/**
 * `GET /data/{id}/metadata` → `{path, irods-avus, …metadata}`; `PUT` (replace) and `PATCH` (add)
 * `{irods-avus?, avus?, …}` → `{path, user}`; `POST /data/{id}/metadata/copy` `{destination_ids}` →
 * `{user, src, paths}`. Reading needs read access, changing needs write access.
 */
export function avuRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.get<ById>("/data/:id/metadata", answers({ 200: AvuGetResult }), async (request) => {
    const view = viewFor(request, context);
    const entry = view.readable(view.entryWithId(request.params.id));
    return { avus: [], ...entry.metadata, "irods-avus": userAvus(entry), path: entry.path };
  });

  app.put<ById>("/data/:id/metadata", answers({ 200: AvuChangeResult }), async (request) => {
    const view = viewFor(request, context);
    const fields = body(request);
    const avus = requestedAvus(fields["irods-avus"]);
    const metadata = metadataPart(fields);
    const entry = view.writeable(view.entryWithId(request.params.id));
    setAvus(entry, avus);
    entry.metadata = metadata;
    return { path: entry.path, user: view.user };
  });

  app.patch<ById>("/data/:id/metadata", answers({ 200: AvuChangeResult }), async (request) => {
    const view = viewFor(request, context);
    const fields = body(request);
    const avus = requestedAvus(fields["irods-avus"]);
    const metadata = metadataPart(fields);
    const entry = view.writeable(view.entryWithId(request.params.id));
    addAvus(entry, avus);
    appendMetadata(entry, metadata);
    return { path: entry.path, user: view.user };
  });

  app.post<ById>("/data/:id/metadata/copy", answers({ 200: MetadataCopyResult }), async (request) => {
    const view = viewFor(request, context);
    const ids = stringList(body(request), "destination_ids");
    const source = view.readable(view.entryWithId(request.params.id));
    const destinations = view.allWriteable(ids.map((id) => view.entryWithId(id)));
    for (const destination of destinations) {
      addAvus(destination, userAvus(source));
      appendMetadata(destination, { avus: Array.isArray(source.metadata.avus) ? source.metadata.avus : [] });
    }
    return { user: view.user, src: source.path, paths: destinations.map((entry) => entry.path) };
  });
}
