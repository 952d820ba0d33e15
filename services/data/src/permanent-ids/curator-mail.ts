import type { Mailer } from "@de-gateway/mailer";
import type { FastifyRequest } from "fastify";

/** The data curators' mailbox and the mailer that reaches it. */
export interface CuratorMailbox {
  mailer: Mailer;
  address: string;
}

/**
 * Mails the data curators about a change already made. Like notices, a message that cannot be sent is logged (with
 * what it said) and never fails the change.
 */
async function tellCurators(mailbox: CuratorMailbox, request: FastifyRequest, subject: string, lines: string[]) {
  const text = `${lines.join("\n")}\n`;
  try {
    await mailbox.mailer.send({ to: mailbox.address, subject, text });
  } catch (error) {
    request.log.error({ err: error, subject, text }, "mail to the data curators not sent");
  }
}

const requester = (request: FastifyRequest) => {
  const { username, commonName, email } = request.user;
  return `${commonName || username} (${username}${email ? `, ${email}` : ""})`;
};

/** A new request waits for the curators in the staging folder. */
export const mailNewRequest = (
  mailbox: CuratorMailbox,
  request: FastifyRequest,
  details: { type: string; requestId: string; path: string },
) =>
  tellCurators(mailbox, request, `New ${details.type} permanent ID request`, [
    `${requester(request)} requests a ${details.type} for ${details.path}.`,
    `Request: ${details.requestId}`,
  ]);

/** A requested folder could not be staged (moved and shared with the curators); they finish it by hand. */
export const mailStagingFailure = (
  mailbox: CuratorMailbox,
  request: FastifyRequest,
  details: { requestId: string; path: string; destination: string; error: unknown },
) =>
  tellCurators(mailbox, request, "Could not stage a permanent ID request's folder", [
    `The folder ${details.path} of ${requester(request)}'s request ${details.requestId} was to move to ` +
      `${details.destination}, owned by the curators; that failed:`,
    details.error instanceof Error ? details.error.message : String(details.error),
    "The request is recorded; please finish staging the folder by hand.",
  ]);

/** A DOI was minted and the folder published. */
export const mailCompletion = (
  mailbox: CuratorMailbox,
  request: FastifyRequest,
  details: { type: string; requestId: string; doi: string; path: string },
) =>
  tellCurators(mailbox, request, `${details.type} permanent ID request complete`, [
    `${details.type} ${details.doi} now identifies ${details.path} (https://doi.org/${details.doi}).`,
    `Request: ${details.requestId}, completed by ${requester(request)}.`,
  ]);
