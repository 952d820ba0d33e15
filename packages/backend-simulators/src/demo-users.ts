/** The people of the local stack and of every test. carol is an administrator. */
export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  institution: string;
  groups: string[];
}

export const ADMIN_GROUP = "de-admins";

/** The domain that qualifies the demo users' names where a backend keeps them qualified (user-info). */
export const DEMO_USER_DOMAIN = "iplantcollaborative.org";

/** A demo user's name as user-info knows it. */
export const qualifiedUsername = (username: string): string => `${username}@${DEMO_USER_DOMAIN}`;

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: "alice",
    firstName: "Alice",
    lastName: "Liddell",
    email: "alice@example.org",
    institution: "Wonderland University",
    groups: ["de-users"],
  },
  {
    username: "bob",
    firstName: "Bob",
    lastName: "Builder",
    email: "bob@example.org",
    institution: "Fix-It College",
    groups: ["de-users"],
  },
  {
    username: "carol",
    firstName: "Carol",
    lastName: "Danvers",
    email: "carol@example.org",
    institution: "Platform Operations",
    groups: ["de-users", ADMIN_GROUP],
  },
];

export function demoUser(username: string): DemoUser | undefined {
  return DEMO_USERS.find((user) => user.username === username);
}
