import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers, NoBody } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { notFound, Problem } from "../framework/problems.js";
import { PREDICATES } from "../framework/schema-refusals.js";
import { AttachedTagsListing, TagDetails, TagList } from "./answer-schemas.js";
import { now } from "./clock.js";
import { canonicalUuid, DataItemParams, DataType, emptyOk, NonBlank, Uuid } from "./schemas.js";
import { metadataScope, userOf } from "./service.js";

/** A tag as the backend stores it; dates in milliseconds since the epoch. */
export interface StoredTag {
  id: string;
  value: string;
  description: string;
  owner_id: string;
  public: boolean;
  created_on: number;
  modified_on: number;
}

/** One attachment of a tag to a data item; detaching keeps the record with the time it happened. */
export interface TagAttachment {
  tag_id: string;
  target_id: string;
  target_type: DataType;
  attacher_id: string;
  detached_on: number | null;
  detacher_id: string | null;
}

export interface TagsState {
  tags: Map<string, StoredTag>;
  attachments: TagAttachment[];
}

// common-swagger-api metadata/tags.clj TagValueString, TagSuggestLimit.
const TagValue = NonBlank({ maxLength: 255, sizeCheck: "valid-tag-value-size?" });
const TagRequest = Type.Object({ value: TagValue, description: Type.Optional(Type.String()) });
type TagRequest = Static<typeof TagRequest>;
const TagUpdate = Type.Partial(TagRequest);
type TagUpdate = Static<typeof TagUpdate>;
const TagParams = Type.Object({ tagId: Uuid });
type TagParams = Static<typeof TagParams>;
const SuggestionQuery = Type.Object({
  contains: Type.String(),
  limit: Type.Optional(Type.Integer({ minimum: 1, [PREDICATES]: { minimum: "valid-tag-suggest-limit?" } })),
});
type SuggestionQuery = Static<typeof SuggestionQuery>;
const AttachmentQuery = Type.Object({ "data-type": DataType, type: Type.Enum(["attach", "detach"]) });
type AttachmentQuery = Static<typeof AttachmentQuery>;
const TagIdList = Type.Object({ tags: Type.Array(Uuid) });
type TagIdList = Static<typeof TagIdList>;

// services/tags.clj throws maps without `:error` (so `reason` is null), naming what it did not find or allow.
const tagNotFound = (tagId: string) => notFound(null, { "tag-id": canonicalUuid(tagId) });

const brief = ({ id, value, description }: StoredTag) => ({ id, value, description });
/** Everything the backend keeps about a tag. */
const details = (tag: StoredTag) => ({ ...tag });

function routes(scope: FastifyInstance, state: () => TagsState) {
  const ownedBy = (owner: string) => [...state().tags.values()].filter((tag) => tag.owner_id === owner);
  const current = () => state().attachments.filter((attachment) => attachment.detached_on === null);
  const attached = (targetId: string) => current().filter((attachment) => attachment.target_id === targetId);
  const withTargets = (tag: StoredTag) => ({
    ...details(tag),
    targets: current()
      .filter((attachment) => attachment.tag_id === tag.id)
      .map((attachment) => ({ id: attachment.target_id, type: attachment.target_type })),
  });
  /** The caller's own tag; anyone else's is as good as missing. */
  const ownTag = (owner: string, tagId: string) => {
    const tag = state().tags.get(canonicalUuid(tagId));
    if (!tag || tag.owner_id !== owner) throw tagNotFound(tagId);
    return tag;
  };

  scope.get("/tags/user", answers({ 200: TagList }), async (request) => ({
    tags: ownedBy(userOf(request)).map(brief),
  }));

  // Tag values are unique per owner, ignoring case.
  scope.post<{ Body: TagRequest }>(
    "/tags/user",
    { schema: { body: TagRequest }, ...answers({ 200: TagDetails }) },
    async (request) => {
      const owner = userOf(request);
      const value = request.body.value.trim();
      if (ownedBy(owner).some((tag) => tag.value.toLowerCase() === value.toLowerCase())) {
        throw new Problem(400, "ERR_NOT_UNIQUE", null, { user: owner, value });
      }
      const time = now();
      const tag: StoredTag = {
        id: randomUUID(),
        value,
        description: request.body.description?.trim() ?? "",
        owner_id: owner,
        public: false,
        created_on: time,
        modified_on: time,
      };
      state().tags.set(tag.id, tag);
      return details(tag);
    },
  );

  scope.patch<{ Params: TagParams; Body: TagUpdate }>(
    "/tags/user/:tagId",
    { schema: { params: TagParams, body: TagUpdate }, ...answers({ 200: TagDetails }) },
    async (request) => {
      const owner = userOf(request);
      const tag = state().tags.get(canonicalUuid(request.params.tagId));
      if (!tag) throw tagNotFound(request.params.tagId);
      if (tag.owner_id !== owner) throw new Problem(403, "ERR_NOT_OWNER", null, { user: owner });
      const { value, description } = request.body;
      if (value !== undefined) tag.value = value;
      if (description !== undefined) tag.description = description;
      if (value !== undefined || description !== undefined) tag.modified_on = now();
      return details(tag);
    },
  );

  scope.delete<{ Params: TagParams }>(
    "/tags/user/:tagId",
    { schema: { params: TagParams }, ...answers({ 200: NoBody }) },
    async (request, reply) => {
      const tag = ownTag(userOf(request), request.params.tagId);
      state().tags.delete(tag.id);
      state().attachments = state().attachments.filter((attachment) => attachment.tag_id !== tag.id);
      return emptyOk(reply);
    },
  );

  scope.get<{ Querystring: SuggestionQuery }>(
    "/tags/suggestions",
    { schema: { querystring: SuggestionQuery }, ...answers({ 200: TagList }) },
    async (request) => {
      const fragment = request.query.contains.toLowerCase();
      const matches = ownedBy(userOf(request)).filter((tag) => tag.value.toLowerCase().includes(fragment));
      return { tags: matches.slice(0, request.query.limit).map(brief) };
    },
  );

  // Data items are under the backend's own `/filesystem/data/{id}` (cyverse-de/metadata routes/tags.clj), never the
  // catalogue's `/filesystem/entry/{id}`.
  scope.get<{ Params: DataItemParams }>(
    "/filesystem/data/:dataId/tags",
    { schema: { params: DataItemParams }, ...answers({ 200: TagList }) },
    async (request) => {
      const owner = userOf(request);
      const tagIds = new Set(attached(canonicalUuid(request.params.dataId)).map((attachment) => attachment.tag_id));
      return {
        tags: ownedBy(owner)
          .filter((tag) => tagIds.has(tag.id))
          .map(brief),
      };
    },
  );

  // Attaching someone else's (or an unknown) tag is refused; detaching one is silently ignored.
  scope.patch<{ Params: DataItemParams; Querystring: AttachmentQuery; Body: TagIdList }>(
    "/filesystem/data/:dataId/tags",
    {
      schema: { params: DataItemParams, querystring: AttachmentQuery, body: TagIdList },
      ...answers({ 200: AttachedTagsListing }),
    },
    async (request) => {
      const user = userOf(request);
      const targetId = canonicalUuid(request.params.dataId);
      const asked = [...new Set(request.body.tags.map(canonicalUuid))];
      const known = ownedBy(user).filter((tag) => asked.includes(tag.id));
      if (request.query.type === "attach") {
        const unknown = asked.filter((id) => !known.some((tag) => tag.id === id));
        if (unknown.length) throw notFound(null, { "tag-ids": unknown });
        const already = new Set(attached(targetId).map((attachment) => attachment.tag_id));
        for (const tag of known.filter((candidate) => !already.has(candidate.id))) {
          state().attachments.push({
            tag_id: tag.id,
            target_id: targetId,
            target_type: request.query["data-type"],
            attacher_id: user,
            detached_on: null,
            detacher_id: null,
          });
        }
      } else {
        const detaching = new Set(known.map((tag) => tag.id));
        const time = now();
        for (const attachment of attached(targetId).filter((candidate) => detaching.has(candidate.tag_id))) {
          attachment.detached_on = time;
          attachment.detacher_id = user;
        }
      }
      return { tags: known.map(withTargets) };
    },
  );
}

/**
 * Metadata backend: user tags (values unique per owner), attached to and detached from files and
 * folders, with suggestions by value fragment. Owners only see and change their own tags.
 */
export const tags = defineModule<TagsState>({
  makeState: () => ({ tags: new Map(), attachments: [] }),
  routes: (app, state) => metadataScope(app, (scope) => routes(scope, state)),
});
