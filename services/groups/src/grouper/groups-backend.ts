import { type BackendResponse, type CallOptions, isSuccess, path } from "@de-gateway/backend-clients";
import { forbidden, GatewayError, notFound } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import {
  Group,
  GroupList,
  GroupPrivileges,
  GroupStub,
  MemberResults,
  Members,
  type Privilege,
  Privileges,
  Subject,
  SubjectList,
} from "../schemas.js";
import { bodyOf, type Reasons } from "./failures.js";

/** A group the request is about: its full Grouper name and how to name it to the caller. */
export interface Target {
  fullName: string;
  label: string;
}

interface PrivilegeUpdate {
  subject_id: string;
  privileges: string[];
}

interface PrivilegeFilters {
  privilege?: string;
  "subject-source-id"?: string;
  "subject-id"?: string;
  "inheritance-level"?: "immediate" | "inherited";
}

const notVisible = (target: Target) => `${target.label} does not exist, or you may not see it`;

const exists = (target: Target) => new GatewayError(409, `${target.label} already exists`, "ERR_EXISTS");

/** A failure of the groups backend's own (5xx): Grouper's refusals come so, saying nothing of why. */
const failedInBackend = (response: BackendResponse) => response.status >= 500;

/**
 * The groups backend (iplant-groups over Grouper) as this service uses it, on behalf of one request.
 * Calls are made as the caller, whose privileges the backend checks, except where `asService` says
 * the gateway's own account takes a step the caller has already earned (a joiner's optout privilege).
 */
export class GroupsBackend {
  /** `asPlatform`: every call is made as the gateway's own account (the administrators' variants of routes). */
  constructor(
    private readonly request: FastifyRequest,
    readonly serviceAccount: string,
    private readonly asPlatform = false,
  ) {}

  /** Who the calls act as: the caller, or the gateway's account for the administrators' variants. */
  get actor(): string {
    return this.asPlatform ? this.serviceAccount : this.request.user.username;
  }

  private call(options: CallOptions) {
    const actAs = this.asPlatform ? { actAs: this.serviceAccount } : {};
    return this.request.server.backends.groups.call(this.request, { ...actAs, ...options });
  }

  private as(asService: boolean | undefined): Pick<CallOptions, "actAs"> {
    return asService ? { actAs: this.serviceAccount } : {};
  }

  async folderExists(folder: string): Promise<boolean> {
    const response = await this.call({ path: path`/folders/${folder}` });
    if (response.status === 404) return false;
    bodyOf(response);
    return true;
  }

  /** Creates a folder with the service account unless it exists, and lets `owner` administer it. */
  async ensureFolder(folder: string, owner: string): Promise<void> {
    if (await this.folderExists(folder)) return;
    const created = await this.call({
      method: "POST",
      path: "/folders",
      json: { name: folder, description: "" },
      actAs: this.serviceAccount,
    });
    // Grouper refuses a folder that exists (PROBLEM_SAVING_STEMS, the same as for any other refusal): one made in
    // the meantime is just as good.
    if (!isSuccess(created.status) && !(failedInBackend(created) && (await this.folderExists(folder)))) {
      bodyOf(created);
    }
    if (owner === this.serviceAccount) return;
    const granted = await this.call({
      method: "PUT",
      path: path`/folders/${folder}/privileges/${owner}/stem`,
      actAs: this.serviceAccount,
    });
    bodyOf(granted);
  }

  /** Groups inside `folder` whose name contains `search`, as far as the caller may see them. */
  async findGroups(search: string, folder: string, details: boolean): Promise<Group[]> {
    const response = await this.call({ path: "/groups", query: { search, folder, details } });
    return bodyOf(response, GroupList).groups;
  }

  /**
   * Groups inside `folder` that `subject` belongs to; none when there is no such subject. Grouper fails the whole
   * request for a subject it does not know (PROBLEM_RETRIEVING_GROUPS, as for any other failure), so the subject is
   * looked up when it fails.
   */
  async groupsOf(subject: string, folder: string, details: boolean): Promise<Group[]> {
    const response = await this.call({ path: path`/subjects/${subject}/groups`, query: { folder, details } });
    if (failedInBackend(response) && (await this.subject(subject)) === undefined) return [];
    return bodyOf(response, GroupList).groups;
  }

  async getGroup(target: Target): Promise<Group> {
    const response = await this.call({ path: path`/groups/${target.fullName}` });
    return bodyOf(response, Group, { 404: notVisible(target) });
  }

  async groupExists(target: Target): Promise<boolean> {
    const response = await this.call({ path: path`/groups/${target.fullName}` });
    if (response.status === 404) return false;
    bodyOf(response);
    return true;
  }

  /**
   * Creates a group; 409 when the name is taken. Grouper refuses a taken name like anything else it refuses
   * (PROBLEM_SAVING_GROUPS, with only a count of failures for a message), so the name is looked up when it fails.
   */
  async addGroup(target: Target, description: string): Promise<Group> {
    const response = await this.call({
      method: "POST",
      path: "/groups",
      json: { name: target.fullName, type: "group", description },
    });
    if (failedInBackend(response) && (await this.groupExists(target))) throw exists(target);
    return bodyOf(response, Group);
  }

  /** Renames or describes a group; 409 when the new name is taken (looked up when Grouper refuses, as above). */
  async updateGroup(target: Target, changes: { name?: string; description?: string }, renamed: Target) {
    const response = await this.call({ method: "PUT", path: path`/groups/${target.fullName}`, json: changes });
    const renaming = renamed.fullName !== target.fullName;
    if (failedInBackend(response) && renaming && (await this.groupExists(renamed))) throw exists(renamed);
    return bodyOf(response, Group);
  }

  /** Deletes a group. Grouper deletes one it cannot find with success, answering only the name it was given. */
  async deleteGroup(target: Target): Promise<Group> {
    const response = await this.call({ method: "DELETE", path: path`/groups/${target.fullName}` });
    const deleted = bodyOf(response, GroupStub);
    if (deleted.id === undefined) throw notFound(notVisible(target));
    return bodyOf(response, Group);
  }

  /**
   * The members of a group. A caller who may not read them gets Grouper's refusal of the whole request
   * (PROBLEM_GETTING_MEMBERS), so when it fails the caller's privileges are looked at: 403 without read or admin.
   */
  async members(target: Target): Promise<Subject[]> {
    const response = await this.call({ path: path`/groups/${target.fullName}/members` });
    if (failedInBackend(response) && !(await this.holds(target, this.actor, ["read", "admin"]))) {
      throw forbidden(`you may not see the members of ${target.label}`);
    }
    return bodyOf(response, Members, { 404: notVisible(target) }).members;
  }

  /**
   * Adds or removes members; a subject may be refused (a failed line). Every subject must be known (see `unknown`):
   * Grouper makes the other changes and iplant-groups then fails its answer. A group Grouper cannot find for the
   * caller comes back with no lines at all.
   */
  private async changeMembers(target: Target, members: string[], remove: boolean, reasons: Reasons) {
    const response = await this.call({
      method: "POST",
      path: remove ? path`/groups/${target.fullName}/members/deleter` : path`/groups/${target.fullName}/members`,
      json: { members },
    });
    const result = bodyOf(response, MemberResults, reasons);
    if (members.length > 0 && result.results.length === 0) throw notFound(notVisible(target));
    return result;
  }

  addMembers(target: Target, members: string[], reasons: Reasons = {}): Promise<MemberResults> {
    return this.changeMembers(target, members, false, reasons);
  }

  removeMembers(target: Target, members: string[], reasons: Reasons = {}): Promise<MemberResults> {
    return this.changeMembers(target, members, true, reasons);
  }

  async privileges(target: Target, filters: PrivilegeFilters, asService?: boolean): Promise<Privilege[]> {
    const response = await this.call({
      path: path`/groups/${target.fullName}/privileges`,
      query: { ...filters },
      ...this.as(asService),
    });
    return bodyOf(response, Privileges, { 404: notVisible(target) }).privileges;
  }

  /**
   * Whether `subject` holds one of `names` on the group, held directly or through its groups or every user, asked as
   * the gateway's account: the groups backend lists privileges only to a group's administrators.
   */
  async holds(target: Target, subject: string, names: readonly string[]): Promise<boolean> {
    const held = await this.privileges(target, { "subject-id": subject }, true);
    return held.some((privilege) => names.includes(privilege.name));
  }

  /**
   * Sets privileges: with `replace`, each subject ends up with exactly the listed ones (an empty
   * list removes them all); without it, the listed ones are added to what the subject holds.
   */
  async setPrivileges(
    target: Target,
    updates: PrivilegeUpdate[],
    options: { replace: boolean; asService?: boolean },
  ): Promise<Privilege[]> {
    const response = await this.call({
      method: "POST",
      path: path`/groups/${target.fullName}/privileges`,
      query: { replace: options.replace },
      json: { updates },
      ...this.as(options.asService),
    });
    return bodyOf(response, Privileges, {
      403: `only an administrator of ${target.label} may change its privileges`,
    }).privileges;
  }

  async revokePrivileges(target: Target, updates: PrivilegeUpdate[], asService?: boolean): Promise<Privilege[]> {
    const response = await this.call({
      method: "POST",
      path: path`/groups/${target.fullName}/privileges/deleter`,
      json: { updates },
      ...this.as(asService),
    });
    return bodyOf(response, Privileges, {
      403: `only an administrator of ${target.label} may change its privileges`,
    }).privileges;
  }

  /** The privileges `subject` holds on the groups inside `folder` (own, through its groups and every user's), as the service. */
  async subjectPrivileges(subject: string, folder: string): Promise<GroupPrivileges["privileges"]> {
    const response = await this.call({
      path: path`/subjects/${subject}/privileges`,
      query: { "entity-type": "group", folder },
      actAs: this.serviceAccount,
    });
    if (response.status === 404) return [];
    return bodyOf(response, GroupPrivileges).privileges;
  }

  /** Those of `ids` that no subject source knows (the groups backend's lookup answers the others). */
  async unknown(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const response = await this.call({ method: "POST", path: "/subjects/lookup", json: { subject_ids: [...ids] } });
    const found = new Set(bodyOf(response, SubjectList).subjects.map((subject) => subject.id));
    return [...new Set(ids)].filter((id) => !found.has(id));
  }

  /** A subject by id; undefined when the directory has none. */
  async subject(id: string): Promise<Subject | undefined> {
    const response = await this.call({ path: path`/subjects/${id}` });
    if (response.status === 404) return undefined;
    return bodyOf(response, Subject);
  }

  async searchSubjects(search: string): Promise<Subject[]> {
    const response = await this.call({ path: "/subjects", query: { search } });
    return bodyOf(response, SubjectList).subjects;
  }
}
