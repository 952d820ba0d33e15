import { type BackendClient, path } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";

/** The requester as a request's details show them (the reference's trellis-like shape). */
export interface Requester {
  username: string;
  firstname: string;
  lastname: string;
  name: string;
  email: string;
  institution: string;
}

/** A subject as the groups backend gives it; empty attributes are left out. */
interface Subject {
  id?: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  institution?: string;
}

/**
 * Looks the requester up in the groups backend's people directory (as the caller), for the curators' view of a
 * request and the e-mail address of its notices. A requester it does not know, or a lookup that fails, leaves the
 * username alone (logged), as the reference does: the request is still shown.
 */
export async function requesterOf(
  groups: BackendClient,
  request: FastifyRequest,
  username: string,
): Promise<Requester | string> {
  try {
    const subject = await groups.json<Subject>(request, { path: path`/subjects/${username}` });
    return {
      username: subject.id ?? username,
      firstname: subject.first_name ?? "",
      lastname: subject.last_name ?? "",
      name: subject.name ?? "",
      email: subject.email ?? "",
      institution: subject.institution ?? "",
    };
  } catch (error) {
    request.log.warn({ err: error, username }, "requester not found in the groups backend");
    return username;
  }
}

export const usernameOf = (requester: Requester | string) =>
  typeof requester === "string" ? requester : requester.username;
