import { type CallOptions, path } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";
import {
  Group,
  GroupList,
  GroupPrivileges,
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
    // 409: someone created it in the meantime, which is just as good.
    if (created.status !== 409) bodyOf(created);
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

  /** Groups inside `folder` that `subject` belongs to; none when there is no such subject. */
  async groupsOf(subject: string, folder: string, details: boolean): Promise<Group[]> {
    const response = await this.call({ path: path`/subjects/${subject}/groups`, query: { folder, details } });
    if (response.status === 404) return [];
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

  async addGroup(target: Target, description: string): Promise<Group> {
    const response = await this.call({
      method: "POST",
      path: "/groups",
      json: { name: target.fullName, type: "group", description },
    });
    return bodyOf(response, Group, {
      403: `you may not create ${target.label}`,
      409: `${target.label} already exists`,
    });
  }

  async updateGroup(target: Target, changes: { name?: string; description?: string }, renamed: Target) {
    const response = await this.call({ method: "PUT", path: path`/groups/${target.fullName}`, json: changes });
    return bodyOf(response, Group, {
      403: `only an administrator of ${target.label} may change it`,
      404: notVisible(target),
      409: `${renamed.label} already exists`,
    });
  }

  async deleteGroup(target: Target): Promise<Group> {
    const response = await this.call({ method: "DELETE", path: path`/groups/${target.fullName}` });
    return bodyOf(response, Group, {
      403: `only an administrator of ${target.label} may delete it`,
      404: notVisible(target),
    });
  }

  async members(target: Target): Promise<Subject[]> {
    const response = await this.call({ path: path`/groups/${target.fullName}/members` });
    return bodyOf(response, Members, {
      403: `you may not see the members of ${target.label}`,
      404: notVisible(target),
    }).members;
  }

  async addMembers(target: Target, members: string[], reasons: Reasons = {}): Promise<MemberResults> {
    const response = await this.call({
      method: "POST",
      path: path`/groups/${target.fullName}/members`,
      json: { members },
    });
    return bodyOf(response, MemberResults, {
      403: `only an administrator of ${target.label} may add members`,
      404: notVisible(target),
      ...reasons,
    });
  }

  async removeMembers(target: Target, members: string[], reasons: Reasons = {}): Promise<MemberResults> {
    const response = await this.call({
      method: "POST",
      path: path`/groups/${target.fullName}/members/deleter`,
      json: { members },
    });
    return bodyOf(response, MemberResults, {
      403: `only an administrator of ${target.label} may remove members`,
      404: notVisible(target),
      ...reasons,
    });
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

  /** The privileges `subject` holds on the groups inside `folder` (its own and every user's), asked as the service. */
  async subjectPrivileges(subject: string, folder: string): Promise<GroupPrivileges["privileges"]> {
    const response = await this.call({
      path: path`/subjects/${subject}/privileges`,
      query: { "entity-type": "group", folder },
      actAs: this.serviceAccount,
    });
    if (response.status === 404) return [];
    return bodyOf(response, GroupPrivileges).privileges;
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
