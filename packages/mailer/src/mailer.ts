import { GatewayError } from "@de-gateway/service-kit";
import nodemailer, { type Transporter } from "nodemailer";
import { type Static, Type } from "typebox";

/** Environment a service that sends mail reads. */
export const MailConfig = {
  // May carry the relay's credentials (smtp://user:password@host): deployments take it from a secret.
  SMTP_URL: Type.String({ pattern: "^smtps?://", secret: true }),
  MAIL_FROM: Type.String({ minLength: 3 }),
  MAIL_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 10_000 }),
};
const MailConfigObject = Type.Object(MailConfig);
export type MailSettings = Static<typeof MailConfigObject>;

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  replyTo?: string | undefined;
}

/** Sends plain-text mail over SMTP; any failure (server down, refused, too slow) becomes a 502. */
export class Mailer {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(settings: MailSettings) {
    this.from = settings.MAIL_FROM;
    const url = new URL(settings.SMTP_URL);
    const secure = url.protocol === "smtps:";
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (secure ? 465 : 25),
      secure,
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      connectionTimeout: settings.MAIL_TIMEOUT_MS,
      greetingTimeout: settings.MAIL_TIMEOUT_MS,
      socketTimeout: settings.MAIL_TIMEOUT_MS,
    });
  }

  async send(mail: Mail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
    } catch (error) {
      // The mail library's text names the relay's address and repeats its replies: the log keeps it, the caller
      // gets a plain reason.
      throw Object.assign(new GatewayError(502, "the mail server did not accept the message"), { cause: error });
    }
  }

  close(): void {
    this.transport.close();
  }
}
