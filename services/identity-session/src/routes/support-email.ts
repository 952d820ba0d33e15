import { Mailer, type MailSettings } from "@de-gateway/mailer";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { supportMailSubject, supportMailText } from "../support-mail.js";

export interface SupportMailSettings extends MailSettings {
  SUPPORT_EMAIL_TO: string;
  PLATFORM_SHORT_NAME: string;
}

const SupportRequestBody = Type.Object(
  {
    email: Type.Optional(
      Type.String({ format: "email", description: "reply address; the caller's own address when absent" }),
    ),
    subject: Type.Optional(Type.Unknown({ description: "subject; a default one when absent or not a non-empty text" })),
    fields: Type.Record(Type.String(), Type.Unknown(), { description: "key/value pairs, one mail line each" }),
  },
  { additionalProperties: true },
);

/** Mails a support request to the configured support address, with the sender as reply-to. */
export const supportEmailRoutes: FastifyPluginAsyncTypebox<{ settings: SupportMailSettings }> = async (
  app,
  { settings },
) => {
  const mailer = new Mailer(settings);
  app.addHook("onClose", async () => mailer.close());

  // The web client sends its feedback to `/secured/support-email`, a name the reference never served (it answered
  // 404); both names send the same mail.
  for (const url of ["/support-email", "/secured/support-email"]) {
    app.post(
      url,
      {
        schema: {
          summary: "Send a support request to the support team",
          body: SupportRequestBody,
          response: { 200: Type.Object({}), 400: ErrorBody, 401: ErrorBody, 502: ErrorBody },
        },
      },
      async (request) => {
        const { email, subject, fields } = request.body;
        await mailer.send({
          to: settings.SUPPORT_EMAIL_TO,
          subject: supportMailSubject(subject, settings.PLATFORM_SHORT_NAME),
          text: supportMailText(fields),
          replyTo: email || request.user.email || undefined,
        });
        return {};
      },
    );
  }
};
