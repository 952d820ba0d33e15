import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers, NoBody } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { Problem } from "../framework/problems.js";
import { AvuList } from "./answer-schemas.js";
import { avuSearchRoutes } from "./avu-search.js";
import { seededAvus } from "./avu-seed.js";
import { type AvusState, type StoredAvu, shownAvu } from "./avu-store.js";
import { isoSeconds, now } from "./clock.js";
import { canonicalUuid, emptyOk, Uuid } from "./schemas.js";
import { metadataScope, userOf } from "./service.js";

/** What AVUs can be attached to; AVUs attached to another AVU have the internal target type `avu`. */
const TARGET_TYPES = ["file", "folder", "analysis", "app", "user", "quick_launch", "instant_launch"] as const;

interface Target {
  type: string;
  id: string;
}

const AvuRequest = Type.Cyclic(
  {
    AvuRequest: Type.Object({
      id: Type.Optional(Uuid),
      attr: Type.String(),
      value: Type.String(),
      unit: Type.String(),
      avus: Type.Optional(Type.Array(Type.Ref("AvuRequest"))),
    }),
  },
  "AvuRequest",
);
type AvuRequest = Static<typeof AvuRequest>;
const AvuListRequest = Type.Object({ avus: Type.Array(AvuRequest) });
type AvuListRequest = Static<typeof AvuListRequest>;
const SetAvuRequest = Type.Partial(AvuListRequest);
type SetAvuRequest = Static<typeof SetAvuRequest>;
const TargetType = Type.Enum([...TARGET_TYPES]);
const AvuTargetParams = Type.Object({ targetType: TargetType, targetId: Uuid });
type AvuTargetParams = Static<typeof AvuTargetParams>;
const CopyRequest = Type.Object({ targets: Type.Array(Type.Object({ id: Uuid, type: TargetType })) });
type CopyRequest = Static<typeof CopyRequest>;

const targetOf = (params: AvuTargetParams): Target => ({ type: params.targetType, id: canonicalUuid(params.targetId) });
const isOn = (avu: StoredAvu, target: Target) => avu.target_type === target.type && avu.target_id === target.id;

/** An AVU as its database row prints (persistence/avu.clj get-avu-by-id; cheshire writes timestamps as ISO text). */
const avuRow = ({ created_on, modified_on, ...row }: StoredAvu) => ({
  ...row,
  created_on: isoSeconds(created_on),
  modified_on: isoSeconds(modified_on),
});

function changed(avu: StoredAvu, request: AvuRequest, user: string): StoredAvu {
  return Object.assign(avu, {
    attribute: request.attr,
    value: request.value,
    unit: request.unit,
    modified_by: user,
    modified_on: now(),
  });
}

function added(target: Target, id: string | undefined, request: AvuRequest, user: string): StoredAvu {
  const time = now();
  return {
    id: id ?? randomUUID(),
    attribute: request.attr,
    value: request.value,
    unit: request.unit,
    target_type: target.type,
    target_id: target.id,
    created_by: user,
    modified_by: user,
    created_on: time,
    modified_on: time,
  };
}

function routes(scope: FastifyInstance, state: () => AvusState) {
  const avusOn = (target: Target) => [...state().avus.values()].filter((avu) => isOn(avu, target));

  const shown = (avu: StoredAvu) => shownAvu(avu, (id) => avusOn({ type: "avu", id }));
  const listing = (target: Target) => ({ avus: avusOn(target).map(shown) });

  /**
   * Saves one requested AVU and those attached to it: an identical AVU already on the target is kept
   * as it is, one named by `id` is changed (refused when it belongs to another target), anything else
   * is added.
   */
  const save = (user: string, target: Target, request: AvuRequest) => {
    const id = request.id === undefined ? undefined : canonicalUuid(request.id);
    const identical = avusOn(target).find(
      (avu) =>
        avu.attribute === request.attr &&
        avu.value === request.value &&
        avu.unit === request.unit &&
        (id === undefined || avu.id === id),
    );
    const existing = id === undefined ? undefined : state().avus.get(id);
    if (!identical && existing && !isOn(existing, target)) {
      throw new Problem(400, "ERR_EXISTS", "AVU already attached to another target item.", { avu: avuRow(existing) });
    }
    const saved = identical ?? (existing ? changed(existing, request, user) : added(target, id, request, user));
    state().avus.set(saved.id, saved);
    for (const child of request.avus ?? []) save(user, { type: "avu", id: saved.id }, child);
  };

  /** Removes the target's AVUs the request does not name by id, with everything attached to them. */
  const removeUnnamed = (target: Target, kept: readonly AvuRequest[]) => {
    const keptIds = new Set(kept.flatMap((avu) => (avu.id === undefined ? [] : [canonicalUuid(avu.id)])));
    for (const avu of avusOn(target)) {
      if (!keptIds.has(avu.id)) {
        removeUnnamed({ type: "avu", id: avu.id }, []);
        state().avus.delete(avu.id);
      }
    }
    for (const avu of kept) {
      if (avu.id !== undefined) removeUnnamed({ type: "avu", id: canonicalUuid(avu.id) }, avu.avus ?? []);
    }
  };

  /** Applies a change in full or not at all, as the backend does in one transaction. */
  const atomically = (change: () => void) => {
    const before = new Map([...state().avus].map(([id, avu]) => [id, { ...avu }]));
    try {
      change();
    } catch (error) {
      state().avus = before;
      throw error;
    }
  };

  const copyOf = ({ attribute, value, unit, id }: StoredAvu): AvuRequest => ({
    attr: attribute,
    value,
    unit,
    avus: avusOn({ type: "avu", id }).map(copyOf),
  });

  scope.get<{ Params: AvuTargetParams }>(
    "/avus/:targetType/:targetId",
    { schema: { params: AvuTargetParams }, ...answers({ 200: AvuList }) },
    async (request) => {
      userOf(request);
      return listing(targetOf(request.params));
    },
  );

  scope.post<{ Params: AvuTargetParams; Body: AvuListRequest }>(
    "/avus/:targetType/:targetId",
    { schema: { params: AvuTargetParams, body: AvuListRequest }, ...answers({ 200: AvuList }) },
    async (request) => {
      const user = userOf(request);
      const target = targetOf(request.params);
      atomically(() => {
        for (const avu of request.body.avus) save(user, target, avu);
      });
      return listing(target);
    },
  );

  scope.put<{ Params: AvuTargetParams; Body: SetAvuRequest }>(
    "/avus/:targetType/:targetId",
    { schema: { params: AvuTargetParams, body: SetAvuRequest }, ...answers({ 200: AvuList }) },
    async (request) => {
      const user = userOf(request);
      const target = targetOf(request.params);
      const avus = request.body.avus ?? [];
      atomically(() => {
        removeUnnamed(target, avus);
        for (const avu of avus) save(user, target, avu);
      });
      return listing(target);
    },
  );

  scope.post<{ Params: AvuTargetParams; Body: CopyRequest }>(
    "/avus/:targetType/:targetId/copy",
    { schema: { params: AvuTargetParams, body: CopyRequest }, ...answers({ 200: NoBody }) },
    async (request, reply) => {
      const user = userOf(request);
      const copies = avusOn(targetOf(request.params)).map(copyOf);
      atomically(() => {
        for (const destination of request.body.targets) {
          for (const avu of copies) save(user, { type: destination.type, id: canonicalUuid(destination.id) }, avu);
        }
      });
      return emptyOk(reply);
    },
  );
}

/**
 * Metadata backend: AVUs (attribute, value, unit) on files, folders and the other target types,
 * with AVUs attached to AVUs; listing, adding or updating, setting (replacing), copying and searching them. data-info
 * keeps a file's or folder's here (its `/data/{id}/metadata` routes call these).
 */
export const avusModule = defineModule<AvusState>({
  makeState: () => ({ avus: seededAvus() }),
  async routes(app, state) {
    await metadataScope(app, (scope) => routes(scope, state));
    await avuSearchRoutes(app, state);
  },
});
