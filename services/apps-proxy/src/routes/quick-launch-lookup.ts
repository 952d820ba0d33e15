import { path } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";

/** What the checks read of a quick launch (the analyses service's `db.QuickLaunch`). */
const QuickLaunch = Type.Object(
  { id: Type.String(), creator: Type.String(), app_id: Type.String() },
  { additionalProperties: true },
);
export type QuickLaunch = Static<typeof QuickLaunch>;

/**
 * A quick launch the caller may see (their own or a public one), from the analyses service: one they may not is its
 * 404 (`quick launch not found: <id>`). Asked before a write that names it, which the database would otherwise refuse
 * with 500 for an unknown one.
 */
export const visibleQuickLaunch = (request: FastifyRequest, id: string): Promise<QuickLaunch> =>
  request.server.backends.analyses.json<QuickLaunch>(request, { path: path`/quicklaunches/${id}` }, QuickLaunch);
