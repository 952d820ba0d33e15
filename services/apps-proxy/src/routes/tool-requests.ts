import { isSuccess, type PassthroughFamily, path } from "@de-gateway/backend-clients";
import { Mailer } from "@de-gateway/mailer";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Config } from "../config.js";
import { bestEffort } from "../tool-requests/best-effort.js";
import type { ToolRequestDetails } from "../tool-requests/details.js";
import { toolRequestMail } from "../tool-requests/mail.js";
import {
  requesterAddress,
  requesterOf,
  sendNotification,
  statusNotification,
  submittedNotification,
} from "../tool-requests/notification.js";
import { relay } from "../tool-requests/relay.js";

/** Reading tool requests and their status codes: plain passthroughs. */
export const toolRequestReading: PassthroughFamily = {
  tag: "tool-requests",
  rows: [
    { method: "GET", path: "/tool-requests", summary: "The caller's tool requests" },
    { method: "GET", path: "/admin/tool-requests", summary: "All tool requests" },
    { method: "GET", path: "/admin/tool-requests/{tool-request-id}", summary: "A tool request with its history" },
    { method: "GET", path: "/tool-requests/status-codes", summary: "The tool request status codes" },
  ],
};

/** Deleting tool requests and their status codes (administrators): plain passthroughs. */
export const toolRequestDeletion: PassthroughFamily = {
  tag: "tool-requests",
  rows: [
    { method: "DELETE", path: "/admin/tool-requests/{tool-request-id}", summary: "Delete a tool request" },
    {
      method: "DELETE",
      path: "/admin/tool-requests/status-codes/{status-code-id}",
      summary: "Delete an unused tool request status code",
    },
  ],
};

const text = (description: string) => Type.Optional(Type.String({ description }));
const ToolRequest = Type.Object(
  {
    name: text("the tool's name"),
    description: text("what the tool does"),
    version: text("the version wanted"),
    source_url: text("where the tool can be downloaded"),
    documentation_url: text("where the tool is documented"),
    attribution: text("who wrote the tool"),
    test_data_path: text("path of test data in the data store"),
    cmd_line: text("how to run the tool"),
    architecture: text("the architecture it runs on"),
    multithreaded: Type.Optional(Type.Boolean()),
    additional_info: text("anything else"),
  },
  { additionalProperties: true, description: "the tool request; the apps backend checks it" },
);
const StatusUpdate = Type.Object(
  { status: text("the new status (the current one if absent)"), comments: text("a note for the requester") },
  { additionalProperties: true },
);
const BackendAnswer = Type.Unknown({ description: "the apps backend's answer, passed on unchanged" });
const errors = { 401: ErrorBody, 403: ErrorBody, 502: ErrorBody, 504: ErrorBody };

/**
 * Submitting a tool request and updating its status: forwarded to the apps backend, then announced
 * (mail to the tool-request team, notifications to the requester unless TOOL_REQUEST_NOTIFY is off: the
 * real apps backend notifies requesters itself). The backend's answer is returned whatever happens to the
 * announcements.
 */
export const toolRequestActions: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const mailer = new Mailer(config);
  app.addHook("onClose", async () => mailer.close());

  app.post(
    "/tool-requests",
    {
      schema: {
        summary: "Request a tool to be installed",
        tags: ["tool-requests"],
        body: ToolRequest,
        response: { "2xx": BackendAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await app.backends.apps.call(request, {
        method: "POST",
        path: "/tool-requests",
        json: request.body,
      });
      if (isSuccess(answer.status)) {
        const details = answer.body as ToolRequestDetails;
        const { user } = request;
        await Promise.all([
          bestEffort(request, "tool request mail", () =>
            mailer.send(toolRequestMail(details, user, config.TOOL_REQUEST_EMAIL_TO)),
          ),
          config.TOOL_REQUEST_NOTIFY &&
            bestEffort(request, "tool request notification", () =>
              sendNotification(app, request, submittedNotification(details, user.username, user.email)),
            ),
        ]);
      }
      return relay(reply, answer);
    },
  );

  app.post(
    "/admin/tool-requests/:toolRequestId/status",
    {
      config: { auth: "admin" },
      schema: {
        summary: "Change a tool request's status and tell the requester",
        tags: ["tool-requests"],
        params: Type.Object({ toolRequestId: Type.String({ minLength: 1, description: "the tool request's id" }) }),
        body: StatusUpdate,
        response: { "2xx": BackendAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await app.backends.apps.call(request, {
        method: "POST",
        path: path`/admin/tool-requests/${request.params.toolRequestId}/status`,
        json: request.body,
      });
      const details = answer.body as ToolRequestDetails;
      const requester = isSuccess(answer.status) && config.TOOL_REQUEST_NOTIFY ? requesterOf(details) : undefined;
      if (requester) {
        await bestEffort(request, "tool request status notification", async () => {
          const address = await requesterAddress(app, request, requester);
          await sendNotification(app, request, statusNotification(details, requester, address));
        });
      }
      return relay(reply, answer);
    },
  );
};
