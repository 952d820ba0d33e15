import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers, NoBody } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { AvuList } from "./answer-schemas.js";
import { avuSearchRoutes } from "./avu-search.js";
import { seededAvus } from "./avu-seed.js";
import {
  type AvuChange,
  type AvusState,
  type AvuTarget,
  atomically,
  avusOn,
  listedAvus,
  removeUnnamed,
  type StoredAvu,
  saveAvu,
} from "./avu-store.js";
import { canonicalUuid, emptyOk, Uuid } from "./schemas.js";
import { metadataScope, userOf } from "./service.js";

/** What AVUs can be attached to; AVUs attached to another AVU have the internal target type `avu`. */
const TARGET_TYPES = ["file", "folder", "analysis", "app", "user", "quick_launch", "instant_launch"] as const;

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
const AvuListRequest = Type.Object({ avus: Type.Array(AvuRequest) });
type AvuListRequest = Static<typeof AvuListRequest>;
const SetAvuRequest = Type.Partial(AvuListRequest);
type SetAvuRequest = Static<typeof SetAvuRequest>;
const TargetType = Type.Enum([...TARGET_TYPES]);
const AvuTargetParams = Type.Object({ targetType: TargetType, targetId: Uuid });
type AvuTargetParams = Static<typeof AvuTargetParams>;
const CopyRequest = Type.Object({ targets: Type.Array(Type.Object({ id: Uuid, type: TargetType })) });
type CopyRequest = Static<typeof CopyRequest>;

const targetOf = (params: AvuTargetParams): AvuTarget => ({
  type: params.targetType,
  id: canonicalUuid(params.targetId),
});

function routes(scope: FastifyInstance, state: () => AvusState) {
  const listing = (target: AvuTarget) => ({ avus: listedAvus(state(), target) });

  const copyOf = ({ attribute, value, unit, id }: StoredAvu): AvuChange => ({
    attr: attribute,
    value,
    unit,
    avus: avusOn(state(), { type: "avu", id }).map(copyOf),
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
      atomically(state(), () => {
        for (const avu of request.body.avus) saveAvu(state(), user, target, avu);
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
      atomically(state(), () => {
        removeUnnamed(state(), target, avus);
        for (const avu of avus) saveAvu(state(), user, target, avu);
      });
      return listing(target);
    },
  );

  scope.post<{ Params: AvuTargetParams; Body: CopyRequest }>(
    "/avus/:targetType/:targetId/copy",
    { schema: { params: AvuTargetParams, body: CopyRequest }, ...answers({ 200: NoBody }) },
    async (request, reply) => {
      const user = userOf(request);
      const copies = avusOn(state(), targetOf(request.params)).map(copyOf);
      atomically(state(), () => {
        for (const destination of request.body.targets) {
          const target = { type: destination.type, id: canonicalUuid(destination.id) };
          for (const avu of copies) saveAvu(state(), user, target, avu);
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
