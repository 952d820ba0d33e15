import type { Static } from "typebox";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { SuccessCount, UserSystemMessages } from "./answer-schemas.js";
import { agentErrors } from "./errors.js";
import { UserOnly, UuidList } from "./schemas.js";
import { adminSystemRoutes } from "./system-admin.js";
import {
  type AckLevel,
  acknowledge,
  activeBelow,
  asSeenBy,
  makeSystemState,
  type SystemState,
} from "./system-store.js";

type Marked = Exclude<AckLevel, "none">;

/**
 * System messages: the user-facing `/system/...` endpoints (listings and per-user received, seen and
 * dismissed marks; each answer's `count` is what remains below the mark just set) and the
 * administrators' `/admin/system...` endpoints.
 */
export const system = defineModule<SystemState>({
  makeState: makeSystemState,
  routes(app, state) {
    const listing = (user: string, below: AckLevel) => ({
      "system-messages": activeBelow(state(), user, below).map((message) => asSeenBy(state(), user, message)),
    });
    const remaining = (user: string, level: Marked) => ({
      success: true,
      count: activeBelow(state(), user, level).length,
    });
    const markListed = (user: string, uuids: readonly string[], level: Marked) => {
      for (const uuid of uuids) acknowledge(state(), user, uuid, level);
      return remaining(user, level);
    };
    const markAll = (user: string, level: Marked) => {
      const unmarked = activeBelow(state(), user, level).map((message) => message.uuid);
      return markListed(user, unmarked, level);
    };

    for (const [path, below] of [
      ["/system/messages", "dismissed"],
      ["/system/new-messages", "received"],
      ["/system/unseen-messages", "seen"],
    ] as const) {
      app.get<{ Querystring: Static<typeof UserOnly> }>(
        path,
        { ...agentErrors, ...answers({ 200: UserSystemMessages }), schema: { querystring: UserOnly } },
        async (request) => listing(request.query.user, below),
      );
    }

    for (const [path, level] of [
      ["/system/received", "received"],
      ["/system/seen", "seen"],
      ["/system/delete", "dismissed"],
    ] as const) {
      app.post<{ Querystring: Static<typeof UserOnly>; Body: Static<typeof UuidList> }>(
        path,
        { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { querystring: UserOnly, body: UuidList } },
        async (request) => markListed(request.query.user, request.body.uuids, level),
      );
    }

    // The "all" variants name the user in the body, as the real backend does.
    for (const [path, level] of [
      ["/system/mark-all-received", "received"],
      ["/system/mark-all-seen", "seen"],
    ] as const) {
      app.post<{ Body: Static<typeof UserOnly> }>(
        path,
        { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { body: UserOnly } },
        async (request) => markAll(request.body.user, level),
      );
    }
    app.delete<{ Querystring: Static<typeof UserOnly> }>(
      "/system/delete-all",
      { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { querystring: UserOnly } },
      async (request) => markAll(request.query.user, "dismissed"),
    );

    adminSystemRoutes(app, state);
  },
});
