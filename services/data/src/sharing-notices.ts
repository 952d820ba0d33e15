import type { BackendClient } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";
import { baseName } from "./data-paths.js";
import { sendNotice } from "./notices.js";

/** Beyond this many entries a notice gives the count instead of naming them. */
const NAMED_ENTRIES = 10;

const named = (paths: readonly string[], summary: string, listed: string) =>
  paths.length < NAMED_ENTRIES ? `${listed}${paths.map(baseName).join(", ")}` : summary;

export interface SharingNotice {
  user: string;
  subject: string;
  message: string;
  action: "share" | "unshare";
  paths: readonly string[];
}

/** What the sharer and the other user are told after a share, as the reference gateway words it. */
export function shareNotices(sharer: string, sharee: string, paths: readonly string[]): SharingNotice[] {
  const count = paths.length;
  const sharerSubject = `${count} file(s)/folder(s) have been shared with ${sharee}`;
  const shareeSubject = `${sharer} has shared ${count} file(s)/folder(s) with you.`;
  return [
    {
      user: sharer,
      subject: sharerSubject,
      message: named(paths, sharerSubject, `The following file(s)/folder(s) have been shared with ${sharee}: `),
      action: "share",
      paths,
    },
    {
      user: sharee,
      subject: shareeSubject,
      message: named(paths, shareeSubject, `${sharer} has shared the following file(s)/folder(s) with you: `),
      action: "share",
      paths,
    },
  ];
}

/** What the caller is told about entries that could or could not be (un)shared with someone. */
export function outcomeNotice(
  caller: string,
  other: string,
  action: "share" | "unshare",
  paths: readonly string[],
  succeeded: boolean,
): SharingNotice {
  const done = action === "share" ? "shared" : "unshared";
  const verb = succeeded ? `have been ${done}` : `could not be ${done}`;
  const subject = `${paths.length} file(s)/folder(s) ${verb} with ${other}`;
  return {
    user: caller,
    subject,
    message: named(paths, subject, `The following file(s)/folder(s) ${verb} with ${other}: `),
    action,
    paths,
  };
}

/** Sends the notices as data notifications. */
export async function sendNotices(notifications: BackendClient, request: FastifyRequest, notices: SharingNotice[]) {
  await Promise.all(
    notices.map((notice) =>
      sendNotice(notifications, request, {
        type: "data",
        user: notice.user,
        subject: notice.subject,
        message: notice.message,
        payload: { action: notice.action, paths: notice.paths },
      }),
    ),
  );
}
