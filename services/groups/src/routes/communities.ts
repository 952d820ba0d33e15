import { badRequest, forbidden, GatewayError } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { communityAppListing, communityTags, retagApps } from "../community-tags.js";
import { clientGroup, clientMembers } from "../grouper/formats.js";
import { GroupsBackend, type Target } from "../grouper/groups-backend.js";
import { inFolder } from "../grouper/names.js";
import { forgetGroup } from "../grouper/permissions.js";
import { ALL_USERS, isGroupSubject } from "../grouper/subjects.js";
import { assertKnownSubjects } from "../known-subjects.js";
import { errors, Group, GroupList, GroupName, MemberResults, Members, MemberUpdate } from "../schemas.js";
import { checkNameSegment, communityTarget, type GroupsSettings } from "../settings.js";
import { sendAddedAsCommunityAdmin } from "../team-notifications.js";
import { assertCommunityAdmin, visibleCommunity } from "../visible-community.js";

const ListingQuery = Type.Object({
  search: Type.Optional(Type.String({ description: "text the community name contains" })),
  member: Type.Optional(Type.String({ description: "only communities this user belongs to" })),
  details: Type.Optional(Type.Boolean({ description: "include creation and modification details" })),
});
const CommunityEntry = Type.Intersect([
  Group,
  Type.Object({
    member: Type.Boolean({ description: "whether the caller belongs to the community" }),
    privileges: Type.Array(Type.String(), { description: "the caller's privileges on it (admin, optin, read, …)" }),
  }),
]);
const CommunityListing = Type.Object({ groups: Type.Array(CommunityEntry) });
const NewCommunity = Type.Object({
  name: Type.String({ description: "the community's name (without any folder)" }),
  description: Type.Optional(Type.String()),
});
const CommunityUpdate = Type.Object({
  name: Type.Optional(Type.String({ description: "the new name" })),
  description: Type.Optional(Type.String()),
});
const UpdateQuery = Type.Object({
  "retag-apps": Type.Optional(Type.Boolean({ description: "rewrite the tags of apps tagged with the old name" })),
  "force-rename": Type.Optional(Type.Boolean({ description: "rename even though apps are tagged with the old name" })),
});

/** What every user may do with a community: see its members and join it. */
const PUBLIC_PRIVILEGES = ["read", "optin"];
/** What following a community brings: leaving it again, and seeing its members. */
const MEMBER_PRIVILEGES = ["optout", "read"];

interface Options {
  settings: GroupsSettings;
  /** The administrators' variants (`/admin/communities`): every step is taken as the platform's account. */
  asPlatform: boolean;
}

/**
 * Communities (the web client's collections): groups in the platform's communities folder, named without it. The
 * same routes serve `/communities` for users and, as the platform, `/admin/communities` for administrators.
 */
export const communityRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { settings, asPlatform }) => {
  const { folders, serviceAccount, communityTagAttribute } = settings;
  const folder = folders.communities;
  const base = asPlatform ? "/admin/communities" : "/communities";
  const access = { auth: asPlatform ? ("admin" as const) : ("user" as const) };
  const tags = [asPlatform ? "admin-communities" : "communities"];
  const named = (request: FastifyRequest) =>
    visibleCommunity(request, settings, (request.params as { name: string }).name, asPlatform);

  /** The gateway's own account administers every community; it is never made or unmade a member or admin. */
  const refuseServiceAccount = (members: readonly string[], what: string) => {
    if (members.includes(serviceAccount)) throw badRequest(`${serviceAccount} may not ${what} any community`);
  };

  app.get(
    base,
    {
      config: access,
      schema: {
        summary: asPlatform
          ? "List or search communities"
          : "List or search communities, each saying whether the caller belongs and with what privileges",
        tags,
        querystring: ListingQuery,
        response: { 200: asPlatform ? GroupList : CommunityListing, ...errors },
      },
    },
    async (request) => {
      const { search, member, details = false } = request.query;
      const backend = new GroupsBackend(request, serviceAccount, asPlatform);
      if (!(await backend.folderExists(folder))) return { groups: [] };
      const found = member
        ? await backend.groupsOf(member, folder, details)
        : await backend.findGroups(search || folder, folder, details);
      const wanted = search?.toLowerCase();
      const listed = found
        .map((group) => clientGroup(group, folder, details))
        .filter((group) => !wanted || group.name.toLowerCase().includes(wanted));
      if (asPlatform) return { groups: listed };
      const caller = request.user.username;
      const own = member === caller ? found : await backend.groupsOf(caller, folder, false);
      const memberOf = new Set(own.map((group) => group.name));
      const privileges = new Map<string, Set<string>>();
      for (const privilege of await backend.subjectPrivileges(caller, folder)) {
        const held = privileges.get(privilege.group.name) ?? new Set<string>();
        privileges.set(privilege.group.name, held.add(privilege.name));
      }
      return {
        groups: listed.map((group) => {
          const fullName = inFolder(folder, group.name);
          return { ...group, member: memberOf.has(fullName), privileges: [...(privileges.get(fullName) ?? [])] };
        }),
      };
    },
  );

  app.post(
    base,
    {
      config: access,
      schema: {
        summary: "Create a community: the caller becomes its administrator, and anyone may see and join it",
        tags,
        body: NewCommunity,
        response: { 200: Group, ...errors },
      },
    },
    async (request) => {
      const name = checkNameSegment(request.body.name, "community");
      const target = communityTarget(settings, name);
      // The platform's account makes the community, so that it stays manageable whoever administers it.
      const platform = new GroupsBackend(request, serviceAccount, true);
      await platform.ensureFolder(folder, serviceAccount);
      const created = await platform.addGroup(target, request.body.description ?? "");
      const initial = [
        { subject_id: request.user.username, privileges: ["admin"] },
        { subject_id: ALL_USERS, privileges: PUBLIC_PRIVILEGES },
      ];
      try {
        await platform.setPrivileges(target, initial, { replace: true });
      } catch (error) {
        await platform.deleteGroup(target).catch((cleanup) => request.log.error({ err: cleanup }, "community left"));
        throw error;
      }
      return clientGroup(created, folder);
    },
  );

  app.get(
    `${base}/:name`,
    {
      config: access,
      schema: { summary: "A community by its name", tags, params: GroupName, response: { 200: Group, ...errors } },
    },
    async (request) => clientGroup((await named(request)).group, folder),
  );

  app.patch(
    `${base}/:name`,
    {
      config: access,
      schema: {
        summary:
          "Rename or describe a community (its administrators); a rename is refused while apps are tagged with it unless forced or retagged",
        tags,
        params: GroupName,
        querystring: UpdateQuery,
        body: CommunityUpdate,
        response: { 200: Group, ...errors },
      },
    },
    async (request) => {
      const { target, backend } = await named(request);
      await assertCommunityAdmin(backend, target);
      const { name, description } = request.body;
      const renamed = name !== undefined && name !== request.params.name;
      const newTarget: Target = renamed ? communityTarget(settings, checkNameSegment(name, "community")) : target;
      const { "retag-apps": retag = false, "force-rename": force = false } = request.query;
      // The platform's account renames it, its administrator having asked: the folder is the platform's.
      const platform = new GroupsBackend(request, serviceAccount, true);
      if (renamed && (await platform.groupExists(newTarget))) {
        throw new GatewayError(409, `${newTarget.label} already exists`, "ERR_EXISTS");
      }
      if (renamed && (retag || !force)) {
        const tagged = await communityTags(request, communityTagAttribute, target.fullName);
        if (tagged.length > 0 && !retag) {
          const apps = await communityAppListing(request, target.fullName);
          throw new GatewayError(409, "Some apps have been tagged with the old community name", "ERR_EXISTS", {
            name: request.params.name,
            app_ids: [...new Set(tagged.map((tag) => tag.target_id))],
            ...(apps === undefined ? {} : { apps }),
          });
        }
        if (tagged.length > 0) await retagApps(request, tagged, newTarget.fullName);
      }
      const changes = { ...(renamed ? { name: newTarget.fullName } : {}), description };
      return clientGroup(await platform.updateGroup(target, changes, newTarget), folder);
    },
  );

  app.delete(
    `${base}/:name`,
    {
      config: access,
      schema: {
        summary: "Delete a community (its administrators), with what it was granted",
        tags,
        params: GroupName,
        response: { 200: Group, ...errors },
      },
    },
    async (request) => {
      const { target, backend } = await named(request);
      await assertCommunityAdmin(backend, target);
      const deleted = await backend.deleteGroup(target);
      await forgetGroup(request, deleted.id);
      return clientGroup(deleted, folder);
    },
  );

  app.get(
    `${base}/:name/admins`,
    {
      config: access,
      schema: {
        summary: "The administrators of a community",
        tags,
        params: GroupName,
        response: { 200: Members, ...errors },
      },
    },
    async (request) => {
      const { target, backend } = await named(request);
      const admins = await backend.privileges(target, { privilege: "admin", "subject-source-id": "ldap" }, true);
      return { members: admins.map((held) => held.subject).filter((subject) => subject.id !== serviceAccount) };
    },
  );

  app.post(
    `${base}/:name/admins`,
    {
      config: access,
      schema: {
        summary: "Make users administrators (and members) of a community; each is notified",
        tags,
        params: GroupName,
        body: MemberUpdate,
        response: { 200: MemberResults, ...errors },
      },
    },
    async (request) => {
      const { members } = request.body;
      refuseServiceAccount(members, "be added to");
      const { target, backend } = await named(request);
      await assertCommunityAdmin(backend, target);
      await assertKnownSubjects(backend, members);
      const others = members.filter((member) => member !== backend.actor);
      if (others.length > 0) {
        const updates = others.map((subject_id) => ({ subject_id, privileges: ["admin"] }));
        await backend.setPrivileges(target, updates, { replace: false });
      }
      const result = await backend.addMembers(target, members);
      for (const line of result.results.filter((entry) => entry.success && entry.source_id !== "g:gsa")) {
        try {
          const admin = await backend.subject(line.subject_id);
          if (admin && !isGroupSubject(admin))
            await sendAddedAsCommunityAdmin(request, { admin, community: request.params.name });
        } catch (error) {
          request.log.warn({ err: error, admin: line.subject_id }, "could not tell a new administrator of a community");
        }
      }
      return result;
    },
  );

  app.post(
    `${base}/:name/admins/deleter`,
    {
      config: access,
      schema: {
        summary: "Remove users as administrators (and members) of a community",
        tags,
        params: GroupName,
        body: MemberUpdate,
        response: { 200: MemberResults, ...errors },
      },
    },
    async (request) => {
      const { members } = request.body;
      refuseServiceAccount(members, "be removed from");
      const { target, backend } = await named(request);
      await assertCommunityAdmin(backend, target);
      await assertKnownSubjects(backend, members);
      const others = members.filter((member) => member !== backend.actor);
      if (others.length > 0) {
        await backend.revokePrivileges(
          target,
          others.map((subject_id) => ({ subject_id, privileges: ["admin"] })),
        );
      }
      return backend.removeMembers(target, members);
    },
  );

  if (asPlatform) return;

  app.get(
    "/communities/:name/members",
    {
      schema: { summary: "The members of a community", tags, params: GroupName, response: { 200: Members, ...errors } },
    },
    async (request) => {
      const { target, backend } = await named(request);
      return { members: clientMembers(await backend.members(target), serviceAccount) };
    },
  );

  app.post(
    "/communities/:name/join",
    {
      schema: {
        summary: "Join (follow) a community",
        tags,
        params: GroupName,
        response: { 200: MemberResults, ...errors },
      },
    },
    async (request) => {
      refuseServiceAccount([request.user.username], "join");
      const { target, backend } = await named(request);
      const caller = request.user.username;
      const refusal = `joining ${target.label} needs the optin privilege`;
      const result = await backend.addMembers(target, [caller], { 403: refusal });
      assertOwnLine(result, caller, refusal);
      await backend.setPrivileges(target, [{ subject_id: caller, privileges: MEMBER_PRIVILEGES }], {
        replace: false,
        asService: true,
      });
      return result;
    },
  );

  app.post(
    "/communities/:name/leave",
    {
      schema: {
        summary: "Leave (stop following) a community",
        tags,
        params: GroupName,
        response: { 200: MemberResults, ...errors },
      },
    },
    async (request) => {
      refuseServiceAccount([request.user.username], "leave");
      const { target, backend } = await named(request);
      const caller = request.user.username;
      const refusal = `leaving ${target.label} needs the optout privilege; ask one of its administrators`;
      const result = await backend.removeMembers(target, [caller], { 403: refusal });
      assertOwnLine(result, caller, refusal);
      await backend.revokePrivileges(target, [{ subject_id: caller, privileges: MEMBER_PRIVILEGES }], true);
      return result;
    },
  );
};

/** The groups backend answers a refused membership change with a failed line, not an error: 403 then. */
function assertOwnLine(result: MemberResults, caller: string, refusal: string) {
  const own = result.results.find((line) => line.subject_id === caller);
  if (!own?.success) throw forbidden(refusal);
}
