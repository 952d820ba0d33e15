import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { Simulator, type SimulatorOptions } from "../framework/simulator.js";

/** One received mail, as a person reading the inbox would see it. */
export interface CaughtMail {
  from: string;
  to: string[];
  replyTo: string;
  subject: string;
  text: string;
  receivedAt: number;
  /** The account the sender logged in as, when it did. */
  authenticatedAs?: string;
}

export interface InboxState {
  mails: CaughtMail[];
}

const addresses = (
  field: { value: Array<{ address?: string }> } | Array<{ value: Array<{ address?: string }> }> | undefined,
) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((entry) =>
    entry.value.map((address) => address.address ?? ""),
  );

/**
 * SMTP catcher: accepts every mail on its SMTP port and shows the inbox over HTTP
 * (`GET /messages`, `DELETE /messages`). `stopSmtp()` makes mail delivery fail, for error-path tests;
 * `requireLogin()` makes it a relay that takes mail only from one account, as production relays do.
 */
export class SmtpCatcher {
  readonly inbox: Simulator<InboxState>;
  private smtp: SMTPServer | undefined;
  private login: { user: string; pass: string } | undefined;
  private smtpPort: number;
  private readonly host: string;

  constructor(options: SimulatorOptions & { smtpPort?: number } = {}) {
    this.smtpPort = options.smtpPort ?? 0;
    this.host = options.host ?? "127.0.0.1";
    this.inbox = new Simulator<InboxState>(
      "smtp-inbox",
      () => ({ mails: [] }),
      (app, sim) => {
        app.get("/messages", async () => sim.state.mails);
        app.delete("/messages", async () => {
          sim.state.mails = [];
          return {};
        });
      },
      options,
    );
  }

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.smtpPort}`;
  }

  get mails(): CaughtMail[] {
    return this.inbox.state.mails;
  }

  /** Takes mail only from this account (`undefined`: from anyone again, logged in or not). */
  requireLogin(login?: { user: string; pass: string }): void {
    this.login = login;
  }

  /** An empty inbox, open to anyone. */
  reset(): void {
    this.inbox.reset();
    this.login = undefined;
  }

  async startSmtp(): Promise<void> {
    if (this.smtp) return;
    const server = new SMTPServer({
      authOptional: true,
      // Loopback only: the login is offered without TLS, which a real relay would not do.
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth: (auth, _session, callback) => {
        const login = this.login;
        if (login && (auth.username !== login.user || auth.password !== login.pass)) {
          callback(new Error("invalid username or password"));
        } else callback(null, { user: auth.username });
      },
      onMailFrom: (_address, session, callback) => {
        if (this.login && !session.user) {
          callback(Object.assign(new Error("authentication required"), { responseCode: 530 }));
        } else callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.inbox.state.mails.push({
              from: addresses(mail.from)[0] ?? "",
              to: addresses(mail.to),
              replyTo: addresses(mail.replyTo)[0] ?? "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              receivedAt: Date.now(),
              ...(typeof session.user === "string" ? { authenticatedAs: session.user } : {}),
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.smtpPort, this.host, () => resolve());
    });
    this.smtpPort = (server.server.address() as AddressInfo).port;
    this.smtp = server;
  }

  async stopSmtp(): Promise<void> {
    const server = this.smtp;
    this.smtp = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async start(): Promise<this> {
    await this.startSmtp();
    await this.inbox.start();
    return this;
  }

  async stop(): Promise<void> {
    await Promise.all([this.stopSmtp(), this.inbox.stop()]);
  }
}
