import { DEMO_USER_DOMAIN, demoUser } from "../demo-users.js";

/** app-exposer's user suffix: usernames in the database carry the deployment's domain. */
export const USER_SUFFIX = `@${DEMO_USER_DOMAIN}`;

export const shortName = (username: string) => username.replace(/@.*$/, "");
export const fullName = (username: string) => `${shortName(username)}${USER_SUFFIX}`;
export const sameUser = (a: string, b: string) => fullName(a) === fullName(b);

/** Whether the database has a row for the user (the demo users). */
export const knownUser = (username: string) => demoUser(shortName(username)) !== undefined;
