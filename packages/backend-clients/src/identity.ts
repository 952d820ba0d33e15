import type { AuthUser } from "@de-gateway/auth";

/** How a backend learns who the caller is. `keys` are removed from whatever the caller sent. */
export interface Identity {
  keys: readonly string[];
  params(user: AuthUser): Record<string, string>;
}

/** Most backends take the caller as `?user=`. */
export const userParam: Identity = {
  keys: ["user"],
  params: (user) => ({ user: user.username }),
};

/** The apps backend also wants the caller's e-mail and name with every request. */
export const appsUserParams: Identity = {
  keys: ["user", "email", "first-name", "last-name"],
  params: (user) => ({
    user: user.username,
    email: user.email,
    "first-name": user.firstName,
    "last-name": user.lastName,
  }),
};

/** The preferences backend addresses the user in the path; `user` is still stripped from callers. */
export const userInPath: Identity = { keys: ["user"], params: () => ({}) };
