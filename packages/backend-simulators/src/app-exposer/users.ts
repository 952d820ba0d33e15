import { DEMO_USER_DOMAIN, DEMO_USERS, demoUser } from "../demo-users.js";
import { deUserId } from "../vice-addresses.js";

/** app-exposer's user suffix: usernames in the database carry the deployment's domain. */
export const USER_SUFFIX = `@${DEMO_USER_DOMAIN}`;

export const shortName = (username: string) => username.replace(/@.*$/, "");
export const fullName = (username: string) => `${shortName(username)}${USER_SUFFIX}`;
export const sameUser = (a: string, b: string) => fullName(a) === fullName(b);

/** Whether the database has a row for the user (the demo users). */
export const knownUser = (username: string) => demoUser(shortName(username)) !== undefined;

/** The user's row id in the users table (`users.id`), for a user the database has. */
export const userIdOf = (username: string): string | undefined =>
  knownUser(username) ? deUserId(username) : undefined;

/** The full username of a users table row id: what a query joining `users` answers. */
export const usernameOfId = (id: string): string | undefined => {
  const user = DEMO_USERS.find((candidate) => deUserId(candidate.username) === id);
  return user && fullName(user.username);
};
