import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { OneSystemMessage, SystemMessageListing, SystemMessageTypes } from "./answer-schemas.js";
import { agentErrors, badRequest, notFound } from "./errors.js";
import {
  isActive,
  removeSystemMessage,
  SYSTEM_MESSAGE_TYPES,
  type SystemMessage,
  type SystemState,
} from "./system-store.js";

/** Milliseconds since the epoch, as a number or a string of digits. */
const Timestamp = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: "^[0-9]+$" })]);
const NewSystemMessage = Type.Object({
  type: Type.String({ minLength: 1 }),
  message: Type.String({ minLength: 1 }),
  deactivation_date: Timestamp,
  activation_date: Type.Optional(Timestamp),
  dismissible: Type.Optional(Type.Boolean()),
  logins_disabled: Type.Optional(Type.Boolean()),
});
const SystemMessageChanges = Type.Partial(NewSystemMessage);
const ListingQuery = Type.Object({
  "active-only": Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 0 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
});
const UuidParams = Type.Object({ uuid: Type.String({ format: "uuid" }) });
type UuidParams = Static<typeof UuidParams>;

function checkType(type: string | undefined): void {
  if (type !== undefined && !(SYSTEM_MESSAGE_TYPES as readonly string[]).includes(type)) {
    throw badRequest(`unknown system message type ${type}; known: ${SYSTEM_MESSAGE_TYPES.join(", ")}`);
  }
}

function checkWindow({ activation_date, deactivation_date }: SystemMessage): void {
  if (activation_date >= deactivation_date) {
    throw badRequest("the activation date needs to be prior to the deactivation date");
  }
}

/** `PUT`, `GET`, `POST`, `DELETE` on `/admin/system[/{uuid}]` and `GET /admin/system-types`. */
export function adminSystemRoutes(app: FastifyInstance, state: () => SystemState): void {
  const existing = (uuid: string): SystemMessage => {
    const message = state().messages.get(uuid.toLowerCase());
    if (!message) throw notFound(`no system message ${uuid}`);
    return message;
  };

  app.put<{ Body: Static<typeof NewSystemMessage> }>(
    "/admin/system",
    { ...agentErrors, ...answers({ 200: OneSystemMessage }), schema: { body: NewSystemMessage } },
    async (request) => {
      const body = request.body;
      checkType(body.type);
      const now = Date.now();
      const created: SystemMessage = {
        uuid: randomUUID(),
        type: body.type,
        message: body.message,
        activation_date: Number(body.activation_date ?? now),
        deactivation_date: Number(body.deactivation_date),
        date_created: now,
        dismissible: body.dismissible ?? false,
        logins_disabled: body.logins_disabled ?? false,
      };
      if (created.deactivation_date <= now) throw badRequest("the deactivation date is in the past");
      checkWindow(created);
      state().messages.set(created.uuid, created);
      return { "system-notification": created };
    },
  );

  app.get<{ Querystring: Static<typeof ListingQuery> }>(
    "/admin/system",
    { ...agentErrors, ...answers({ 200: SystemMessageListing }), schema: { querystring: ListingQuery } },
    async (request) => {
      const { type, limit = 0, offset = 0 } = request.query;
      const activeOnly = request.query["active-only"]?.toLowerCase() === "true";
      const matching = [...state().messages.values()]
        .filter((message) => (!activeOnly || isActive(message)) && (type === undefined || message.type === type))
        .sort((a, b) => a.date_created - b.date_created);
      const page = matching.slice(offset, limit > 0 ? offset + limit : undefined);
      return { "system-messages": page, total: matching.length };
    },
  );

  app.get("/admin/system-types", { ...agentErrors, ...answers({ 200: SystemMessageTypes }) }, async () => ({
    types: [...SYSTEM_MESSAGE_TYPES],
  }));

  app.get<{ Params: UuidParams }>(
    "/admin/system/:uuid",
    { ...agentErrors, ...answers({ 200: OneSystemMessage }), schema: { params: UuidParams } },
    async (request) => ({ "system-notification": existing(request.params.uuid) }),
  );

  app.post<{ Params: UuidParams; Body: Static<typeof SystemMessageChanges> }>(
    "/admin/system/:uuid",
    {
      ...agentErrors,
      ...answers({ 200: OneSystemMessage }),
      schema: { params: UuidParams, body: SystemMessageChanges },
    },
    async (request) => {
      const current = existing(request.params.uuid);
      const changes = request.body;
      checkType(changes.type);
      const updated: SystemMessage = {
        ...current,
        type: changes.type ?? current.type,
        message: changes.message ?? current.message,
        activation_date: Number(changes.activation_date ?? current.activation_date),
        deactivation_date: Number(changes.deactivation_date ?? current.deactivation_date),
        dismissible: changes.dismissible ?? current.dismissible,
        logins_disabled: changes.logins_disabled ?? current.logins_disabled,
      };
      checkWindow(updated);
      state().messages.set(updated.uuid, updated);
      return { "system-notification": updated };
    },
  );

  app.delete<{ Params: UuidParams }>(
    "/admin/system/:uuid",
    { ...agentErrors, ...answers({ 200: OneSystemMessage }), schema: { params: UuidParams } },
    async (request) => {
      const removed = existing(request.params.uuid);
      removeSystemMessage(state(), removed.uuid);
      return { "system-notification": removed };
    },
  );
}
