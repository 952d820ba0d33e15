import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { Problem } from "../../framework/problems.js";
import { AddTicketResponse, DeleteTicketsResponse, ListTicketsResponse } from "../answer-schemas.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import type { Entry } from "../catalogue.js";
import { badParameter, missingParameter } from "../errors.js";
import { ticketUrls } from "../public-urls.js";
import { body, queryBoolean, queryInteger, queryValue, stringList } from "../request-values.js";
import type { Ticket } from "../store.js";

const definition = (ticket: Ticket, entry: Entry) => ({
  path: entry.path,
  "ticket-id": ticket.id,
  ...ticketUrls(ticket.id, entry.path),
});

/**
 * `POST /tickets?public=&mode=&uses-limit=&file-write-limit=&for-job=` `{paths}` (the limits are checked, not
 * enforced: nothing here uses a ticket more than once) → `{user, tickets: [{path, ticket-id, download-url,
 * download-page-url}]}`; `POST /ticket-lister` `{paths}` → `{tickets: {path: [ticket…]}}`;
 * `POST /ticket-deleter?for-job=` `{tickets}` → `{user, tickets}`.
 */
export function ticketRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.post("/tickets", answers({ 200: AddTicketResponse }), async (request) => {
    const view = viewFor(request, context);
    if (queryValue(request, "public") === undefined) throw missingParameter("public");
    const isPublic = queryBoolean(request, "public");
    const mode = queryValue(request, "mode") ?? "read";
    if (mode !== "read" && mode !== "write") throw badParameter("mode", "must be read or write");
    queryInteger(request, "uses-limit", 0);
    queryInteger(request, "file-write-limit", 0);
    const entries = view.entriesAt(stringList(body(request), "paths"));
    if (queryBoolean(request, "for-job") && mode === "read") view.allReadable(entries);
    else view.allWriteable(entries);
    const tickets = entries.map((entry) => {
      const ticket: Ticket = { id: randomUUID().toUpperCase(), entryId: entry.id, public: isPublic, mode };
      view.store.tickets.set(ticket.id, ticket);
      return definition(ticket, entry);
    });
    return { user: view.user, tickets };
  });

  app.post("/ticket-lister", answers({ 200: ListTicketsResponse }), async (request) => {
    const view = viewFor(request, context);
    const paths = stringList(body(request), "paths");
    const entries = view.allReadable(view.entriesAt(paths));
    return {
      tickets: Object.fromEntries(
        entries.map((entry, index) => [
          paths[index],
          view.store.ticketsOf(entry).map((ticket) => definition(ticket, entry)),
        ]),
      ),
    };
  });

  app.post("/ticket-deleter", answers({ 200: DeleteTicketsResponse }), async (request) => {
    const view = viewFor(request, context);
    const ids = stringList(body(request), "tickets");
    const tickets = ids.map((id) => view.store.tickets.get(id));
    const missing = ids.filter((_id, index) => !tickets[index]);
    if (missing.length > 0) {
      throw new Problem(404, "ERR_TICKET_DOES_NOT_EXIST", "no such ticket", { "ticket-ids": missing });
    }
    const entries = tickets.map((ticket) => view.store.entryOf(ticket as Ticket));
    if (queryBoolean(request, "for-job")) view.allReadable(entries);
    else view.allWriteable(entries);
    for (const id of ids) view.store.tickets.delete(id);
    return { user: view.user, tickets: ids };
  });
}
