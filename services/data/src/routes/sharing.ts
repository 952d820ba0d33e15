import { dataPath } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { commonErrors, fieldCodes, PathText } from "../schemas.js";
import { outcomeNotice, type SharingNotice, sendNotices, shareNotices } from "../sharing-notices.js";

const Subject = Type.Object(
  { id: Type.String({ minLength: 1 }), source_id: Type.String({ minLength: 1 }) },
  { additionalProperties: true, description: "a user (source ldap) or a group (source g:gsa)" },
);
const Permission = Type.Union([Type.Literal("read"), Type.Literal("write"), Type.Literal("own")]);
const Recipient = {
  user: Type.Optional(Type.String({ minLength: 1, description: "the user; or give subject" })),
  subject: Type.Optional(Subject),
};

const ShareRequest = Type.Object({
  sharing: Type.Array(
    Type.Object({
      ...Recipient,
      paths: Type.Array(Type.Object({ path: PathText("a path"), permission: Permission }), { minItems: 1 }),
    }),
    { minItems: 1 },
  ),
});
const UnshareRequest = Type.Object({
  unshare: Type.Array(Type.Object({ ...Recipient, paths: Type.Array(PathText("a path"), { minItems: 1 }) }), {
    minItems: 1,
  }),
});
const OutcomeList = Type.Array(
  Type.Object(
    { path: Type.String(), success: Type.Boolean(), error: Type.Optional(Type.Unknown()) },
    { additionalProperties: true },
  ),
);
/** data-info's answer to a share or an unshare: per user, the outcome of each path. */
const outcomesAnswer = (key: "sharing" | "unshare") =>
  Type.Object({ [key]: Type.Optional(Type.Array(Type.Object({ [key]: Type.Optional(OutcomeList) }))) });
const BACKEND_OUTCOMES = { sharing: outcomesAnswer("sharing"), unshare: outcomesAnswer("unshare") };
const RecipientAnswer = {
  user: Type.Optional(Type.String({ description: "the data-store user shared with (a group: @grouper-<id>)" })),
  subject: Type.Optional(Subject),
};
const ShareAnswer = Type.Object({ sharing: Type.Array(Type.Object({ ...RecipientAnswer, sharing: OutcomeList })) });
const UnshareAnswer = Type.Object({ unshare: Type.Array(Type.Object({ ...RecipientAnswer, unshare: OutcomeList })) });

interface Outcome {
  path: string;
  success: boolean;
  error?: unknown;
  [field: string]: unknown;
}

/** The data-store user a recipient names: a user, or a subject from the user directory or a group. */
function recipientName(recipient: { user?: string; subject?: { id: string; source_id: string } }): string | undefined {
  if (recipient.user) return recipient.user;
  if (recipient.subject?.source_id === "ldap") return recipient.subject.id;
  if (recipient.subject?.source_id === "g:gsa") return `@grouper-${recipient.subject.id}`;
  return undefined;
}

const unresolvable = {
  error_code: "ERR_BAD_OR_MISSING_FIELD",
  reason: "neither a user nor a subject that names one was given",
};

/**
 * Sharing and unsharing through the file-info backend, which reports the outcome per path (one failure does not
 * undo the others); everyone affected gets a data notification, as the reference gateway sends them.
 */
export const sharing: FastifyPluginAsyncTypebox = async (app) => {
  const { fileInfo, notifications } = app.backends;

  type Recipient = { user?: string; subject?: { id: string; source_id: string } };
  type Kind = { endpoint: "/sharer" | "/unsharer"; key: "sharing" | "unshare"; action: "share" | "unshare" };

  /**
   * Applies one (un)share request per recipient through the file-info backend, collects the outcome of every
   * path, and notifies whoever is affected once all are done. `asked` gives what an outcome repeats of a
   * requested entry (its path, and for shares its permission).
   */
  async function apply<P>(
    request: FastifyRequest,
    kind: Kind,
    requests: Array<Recipient & { paths: P[] }>,
    asked: (entry: P) => { path: string },
  ) {
    const caller = request.user.username;
    const results = [];
    for (const recipient of requests) {
      const notices: SharingNotice[] = [];
      const user = recipientName(recipient);
      const outcomes: Outcome[] = user
        ? await outcomesFor(request, kind, user, recipient.paths)
        : recipient.paths.map((entry) => ({ ...asked(entry), success: false, error: unresolvable }));
      const done = outcomes.filter((outcome) => outcome.success).map((outcome) => outcome.path);
      const failed = outcomes.filter((outcome) => !outcome.success).map((outcome) => outcome.path);
      const other = user ?? recipient.subject?.id ?? "unknown";
      if (done.length) {
        notices.push(
          ...(kind.action === "share" && user
            ? shareNotices(caller, user, done)
            : [outcomeNotice(caller, other, kind.action, done, true)]),
        );
      }
      if (failed.length) notices.push(outcomeNotice(caller, other, kind.action, failed, false));
      await sendNotices(notifications, request, notices);
      // The data-store user it went to, as the reference answers it, also when the caller named a subject.
      const { subject } = recipient;
      results.push({ ...(user ? { user } : {}), ...(subject ? { subject } : {}), outcomes });
    }
    return results;
  }

  async function outcomesFor(request: FastifyRequest, kind: Kind, user: string, paths: unknown[]): Promise<Outcome[]> {
    type Answer = Record<string, Array<Record<string, Outcome[] | undefined>> | undefined>;
    const answer = await fileInfo.json<Answer>(
      request,
      { method: "POST", path: kind.endpoint, json: { [kind.key]: [{ user, paths }] } },
      BACKEND_OUTCOMES[kind.key],
    );
    return (answer[kind.key] ?? []).flatMap((entry) => entry[kind.key] ?? []);
  }

  app.post(
    "/secured/share",
    {
      config: fieldCodes,
      schema: {
        summary: "Share files and folders",
        tags: ["sharing"],
        body: ShareRequest,
        response: { 200: ShareAnswer, ...commonErrors },
      },
    },
    async (request) => {
      const requests = request.body.sharing.map((share) => ({
        ...share,
        paths: share.paths.map((entry) => ({ ...entry, path: dataPath(entry.path) })),
      }));
      const results = await apply(
        request,
        { endpoint: "/sharer", key: "sharing", action: "share" },
        requests,
        (entry) => entry,
      );
      return { sharing: results.map(({ outcomes, ...recipient }) => ({ ...recipient, sharing: outcomes })) };
    },
  );

  app.post(
    "/secured/unshare",
    {
      config: fieldCodes,
      schema: {
        summary: "Unshare files and folders",
        tags: ["sharing"],
        body: UnshareRequest,
        response: { 200: UnshareAnswer, ...commonErrors },
      },
    },
    async (request) => {
      const requests = request.body.unshare.map((unshare) => ({
        ...unshare,
        paths: unshare.paths.map((entry) => dataPath(entry)),
      }));
      const results = await apply(
        request,
        { endpoint: "/unsharer", key: "unshare", action: "unshare" },
        requests,
        (path) => ({ path }),
      );
      return { unshare: results.map(({ outcomes, ...recipient }) => ({ ...recipient, unshare: outcomes })) };
    },
  );
};
