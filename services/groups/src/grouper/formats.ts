import type { Group, Privilege, Subject } from "../schemas.js";
import { relativeTo } from "./names.js";

/** A group as clients see it: named relative to its folder, with details only when asked for. */
export function clientGroup(group: Group, folder: string, withDetail = false): Group {
  const { detail, ...rest } = group;
  return { ...rest, name: relativeTo(folder, group.name), ...(withDetail && detail ? { detail } : {}) };
}

/** Members as clients see them: without the gateway's own account, each with a display name. */
export function clientMembers(members: Subject[], serviceAccount: string): Subject[] {
  return members
    .filter((member) => member.id !== serviceAccount)
    .map((member) => ({ ...member, display_name: member.name ?? member.id }));
}

/** Privilege entries without the group they are on (the caller named it), each listed once. */
export function clientPrivileges(privileges: Privilege[]): Privilege[] {
  const seen = new Set<string>();
  const distinct: Privilege[] = [];
  for (const { group: _group, ...privilege } of privileges as Array<Privilege & { group?: unknown }>) {
    const key = `${privilege.name}\n${privilege.subject.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push(privilege);
  }
  return distinct;
}
