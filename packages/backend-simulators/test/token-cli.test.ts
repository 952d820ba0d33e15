import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityProvider, type IdentityProvider, SERVICE_ROLE } from "../src/index.js";

/** `pnpm token`, run as the command it is, against an identity provider of this test. */
let idp: IdentityProvider;
beforeAll(async () => {
  idp = await createIdentityProvider().start();
});
afterAll(() => idp.stop());

const token = (...args: string[]) =>
  promisify(execFile)(process.execPath, ["--conditions=source", "--import", "tsx", "src/token-cli.ts", ...args], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
  });

describe("pnpm token", () => {
  it("prints a demo user's token, and a service account's own token with --service", async () => {
    const [user, account] = await Promise.all([
      token("alice", "--idp", idp.url),
      token("--service", "qms-updater", "--idp", idp.url),
    ]);
    expect(decodeJwt(user.stdout.trim())).toMatchObject({ preferred_username: "alice", typ: "Bearer" });
    expect(decodeJwt(account.stdout.trim())).toMatchObject({
      preferred_username: "service-account-qms-updater",
      azp: "qms-updater",
      realm_access: { roles: [SERVICE_ROLE] },
    });
  });

  it("says what is wrong with an unknown service account or with both a user and --service", async () => {
    await expect(token("--service", "nobody", "--idp", idp.url)).rejects.toMatchObject({
      code: 2,
      stderr: "token: no demo service account nobody\n",
    });
    await expect(token("alice", "--service", "qms-updater")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("usage: pnpm token"),
    });
  });
});
