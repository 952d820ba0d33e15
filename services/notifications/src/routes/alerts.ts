import { expectShape, isSuccess } from "@de-gateway/backend-clients";
import { badGateway, ErrorBody, GatewayError, parseGoRfc3339 } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";

/** RFC 3339 with an offset, as the reference's user-info reads times (`2026-11-26T15:00:00Z`, `…-07:00`). */
const Timestamp = (description: string) =>
  Type.String({
    pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$",
    description: `${description}, YYYY-MM-DDTHH:MM:SS with Z or ±HH:MM`,
  });

const Alert = Type.Object({
  start_date: Type.Union([Type.String(), Type.Null()], { description: "when it starts showing; null: at once" }),
  end_date: Type.String({ description: "when it stops showing" }),
  alert: Type.String({ description: "the text (the client renders Markdown)" }),
});
const AlertListing = Type.Object({ alerts: Type.Array(Alert, { description: "by end date" }) });

/** The reference's names for an alert in administrative requests (kebab-case), translated for user-info. */
const AlertSpec = Type.Object({
  "start-date": Type.Optional(Timestamp("when the alert starts showing; ignored when removing one")),
  "end-date": Timestamp("when the alert stops showing; with the text, what identifies it"),
  "alert-text": Type.String({ minLength: 1, description: "the text; with the end date, what identifies the alert" }),
});
type AlertSpec = Static<typeof AlertSpec>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 502: ErrorBody, 504: ErrorBody };

/** A time the backend will read as the same instant; the pattern checked the form, this the calendar, as Go reads it. */
function checkedTime(value: string, field: string): string {
  if (parseGoRfc3339(value) === undefined) {
    throw new GatewayError(400, `${field} is not a date and time: ${JSON.stringify(value)}`, "ERR_BAD_REQUEST");
  }
  return value;
}

/**
 * Calls user-info's alerts. It answers what it cannot do with 500 and a line of text (Go's http.Error), and its
 * listings as JSON: the answer is read as text, whatever its type, and parsed here.
 */
async function alertsCall(request: FastifyRequest, method: "GET" | "POST" | "DELETE", path: string, json?: object) {
  const preferences = request.server.backends.preferences;
  const response = await preferences.call<string>(request, { method, path, asText: true, ...(json ? { json } : {}) });
  if (!isSuccess(response.status)) {
    throw new GatewayError(502, `the alerts backend failed (status ${response.status})`, "ERR_BAD_GATEWAY", {
      backend_status: response.status,
      backend_response: response.body,
    });
  }
  return response.body;
}

async function listing(request: FastifyRequest, path: string): Promise<Static<typeof AlertListing>> {
  const text = await alertsCall(request, "GET", path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badGateway("the alerts backend answered with something that is not JSON");
  }
  expectShape("preferences", parsed, AlertListing);
  return parsed as Static<typeof AlertListing>;
}

/**
 * System-wide alerts (the web client's banner), kept by user-info: anyone reads them (optional sign-in, as the
 * reference's optionally authenticated routes), administrators add and remove them.
 */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [which, summary] of [
    ["all", "Every alert, by end date"],
    ["active", "The alerts showing now (started, not yet ended), by end date"],
  ] as const) {
    app.get(
      `/alerts/${which}`,
      { config: { auth: "optional" }, schema: { summary, response: { 200: AlertListing, ...errors } } },
      async (request) => listing(request, `/alerts/${which}`),
    );
  }

  app.post(
    "/admin/alerts",
    {
      config: { auth: "admin" },
      schema: { summary: "Add an alert", body: AlertSpec, response: { 200: Type.Object({}), ...errors } },
    },
    async (request) => {
      const spec: AlertSpec = request.body;
      await alertsCall(request, "POST", "/alerts", {
        ...(spec["start-date"] === undefined ? {} : { start_date: checkedTime(spec["start-date"], "start-date") }),
        end_date: checkedTime(spec["end-date"], "end-date"),
        alert: spec["alert-text"],
      });
      return {};
    },
  );

  app.delete(
    "/admin/alerts",
    {
      config: { auth: "admin" },
      schema: {
        summary: "Remove the alerts with this end date and text (silent when there are none)",
        body: AlertSpec,
        response: { 200: Type.Object({}), ...errors },
      },
    },
    async (request) => {
      await alertsCall(request, "DELETE", "/alerts", {
        end_date: checkedTime(request.body["end-date"], "end-date"),
        alert: request.body["alert-text"],
      });
      return {};
    },
  );
};
