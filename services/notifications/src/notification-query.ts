import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";

/**
 * A notification type (data, analysis, tool, tool_request, team, …: more may come, as the backend registers them),
 * or `new` for unseen messages of any type.
 */
const Filter = Type.String({
  pattern: "^[a-z0-9_]{1,64}$",
  description: "Only messages of this type, e.g. data, analysis, tool (case ignored, a space stands for _), or `new`",
});
const Seen = Type.Boolean({ description: "true: only seen messages; false: only unseen; absent: both" });

export const ListingQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 0, description: "Largest number of messages; 0 (default) for all" })),
  offset: Type.Optional(Type.Integer({ minimum: 0, description: "Index of the first message (default 0)" })),
  seen: Type.Optional(Seen),
  sortField: Type.Optional(Type.Literal("timestamp", { description: "The only sort field (default)" })),
  sortDir: Type.Optional(Type.Union([Type.Literal("asc"), Type.Literal("desc")], { description: "Default desc" })),
  filter: Type.Optional(Filter),
});
export type ListingQuery = Static<typeof ListingQuery>;

export const CountQuery = Type.Object({ seen: Type.Optional(Seen), filter: Type.Optional(Filter) });
export type CountQuery = Static<typeof CountQuery>;

/**
 * The count's parameters under the backend's names. Its count reads a filter only as a type (its listing also takes
 * `new`), so `new`, unseen messages of any type, is asked as `seen=false`, as the listing reads it.
 */
export const backendCountQuery = (query: CountQuery) =>
  query.filter === "new" ? { seen: false, filter: undefined } : { seen: query.seen, filter: query.filter };
export const DeleteAllQuery = Type.Object({ filter: Type.Optional(Filter) });

/** The listing parameters under the names the notification backend reads. */
export const backendListingQuery = (query: ListingQuery) => ({
  limit: query.limit,
  offset: query.offset,
  seen: query.seen,
  sort_field: query.sortField,
  sort_dir: query.sortDir,
  filter: query.filter,
});

/**
 * `preValidation` hook: the enumerated parameters are matched regardless of case (the web client sends
 * `sortDir=DESC`), spaces in a filter stand for underscores and an empty filter is none, as the backend reads them.
 */
export async function normaliseEnumeratedParams(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const name of ["sortField", "sortDir", "filter", "seen"]) {
    const value = query[name];
    if (typeof value === "string") query[name] = value.toLowerCase().replaceAll(" ", "_");
  }
  if (query.filter === "") delete query.filter;
}
