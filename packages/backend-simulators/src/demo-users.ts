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

/** The identity query the gateway adds to a demo user's apps requests, as it takes it from their token. */
export function appsIdentityOf(username: string): URLSearchParams {
  const user = demoUser(username);
  if (!user) throw new Error(`${username} is not a demo user`);
  return new URLSearchParams({
    user: user.username,
    email: user.email,
    "first-name": user.firstName,
    "last-name": user.lastName,
  });
}

/**
 * A Keycloak client with a service account: it signs in as itself (client credentials grant) and its token
 * names it `service-account-<clientId>`, with the realm roles the account was given.
 */
export interface DemoServiceAccount {
  clientId: string;
  secret: string;
  roles: string[];
}

/** The realm role that lets a service account call the gateway's `service` routes (AUTH_SERVICE_ROLES). */
export const SERVICE_ROLE = "qms-service";

export const DEMO_SERVICE_ACCOUNTS: readonly DemoServiceAccount[] = [
  // Updates subscriptions (QMS) for the platform's own jobs, as the real deployment's updater client does.
  { clientId: "qms-updater", secret: "qms-updater-secret", roles: [SERVICE_ROLE] },
];

export function demoServiceAccount(clientId: string): DemoServiceAccount | undefined {
  return DEMO_SERVICE_ACCOUNTS.find((account) => account.clientId === clientId);
}
