import { parseGoRfc3339 } from "@de-gateway/service-kit";
import type { FastifyInstance, FastifyReply } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { AlertListing } from "./answer-schemas.js";

/** A system-wide banner: shown from `start` (or at once) until `end`, times in milliseconds since the epoch. */
export interface AlertRecord {
  start: number | null;
  end: number;
  alert: string;
}

// Go's http.Error labels its refusals so; the listings set their own JSON type (alerts.go).
const TEXT = "text/plain; charset=utf-8";

/** Go's time.Time in JSON: RFC 3339 in UTC, fractions of a second only when there are any. */
const rfc3339 = (time: number) => new Date(time).toISOString().replace(".000Z", "Z");

const shown = (record: AlertRecord) => ({
  start_date: record.start === null ? null : rfc3339(record.start),
  end_date: rfc3339(record.end),
  alert: record.alert,
});

/** A JSON time as Go's time.Time reads it (RFC 3339); undefined when absent, NaN when unreadable. */
function timeOf(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  return (typeof value === "string" ? parseGoRfc3339(value) : undefined) ?? Number.NaN;
}

/**
 * user-info's global alerts, as cyverse-de/user-info serves them (no user involved):
 * - `GET /alerts/all` → `{alerts: [{start_date, end_date, alert}]}` by end date; `GET /alerts/active` only those
 *   whose start (when there is one) has come and whose end has not;
 * - `POST /alerts` `{start_date?, end_date, alert}` adds one: 201, no body;
 * - `DELETE /alerts` `{end_date, alert}` removes those with exactly that end and text: 200, no body, also when
 *   none matched.
 * user-info answers what it cannot read or store with 500 and a line of text (its `errored`), and so does this; times
 * are read as Go reads RFC 3339 (a 30th of February is refused).
 */
export function alertRoutes(app: FastifyInstance, alerts: () => AlertRecord[]): void {
  const errored = (reply: FastifyReply, message: string) => reply.code(500).type(TEXT).send(`${message}\n`);
  const answer = (reply: FastifyReply, document: unknown) =>
    reply.type("application/json").send(JSON.stringify(document));
  const byEnd = () => [...alerts()].sort((a, b) => a.end - b.end);

  app.get("/alerts/all", answers({ 200: AlertListing }), async (_request, reply) =>
    answer(reply, { alerts: byEnd().map(shown) }),
  );
  app.get("/alerts/active", answers({ 200: AlertListing }), async (_request, reply) => {
    const now = Date.now();
    const active = byEnd().filter((record) => (record.start === null || record.start <= now) && now <= record.end);
    return answer(reply, { alerts: active.map(shown) });
  });

  app.post("/alerts", answers({ 201: NoBody }), async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const start = timeOf(body.start_date);
    const end = timeOf(body.end_date);
    if (Number.isNaN(start) || Number.isNaN(end)) return errored(reply, "error parsing request body: bad time");
    // insertAlert dereferences the end date (alertsdb.go): without one the handler panics and Go drops the connection.
    if (end === undefined) {
      request.raw.socket.destroy();
      return reply;
    }
    alerts().push({ start: start ?? null, end, alert: typeof body.alert === "string" ? body.alert : "" });
    return reply.code(201).type(TEXT).send("");
  });

  app.delete("/alerts", answers({ 200: NoBody }), async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const end = timeOf(body.end_date);
    if (Number.isNaN(end)) return errored(reply, "error parsing request body: bad time");
    const kept = alerts().filter((record) => record.end !== end || record.alert !== body.alert);
    alerts().splice(0, alerts().length, ...kept);
    return reply.code(200).type(TEXT).send("");
  });
}
