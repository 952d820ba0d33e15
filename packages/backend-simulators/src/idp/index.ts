import cookie from "@fastify/cookie";
import formBody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { DEMO_USERS, demoUser } from "../demo-users.js";
import { Simulator, type SimulatorOptions } from "../framework/simulator.js";
import { authorizationRoutes } from "./authorization-routes.js";
import { ClientRegistry, type RegisteredClient } from "./clients.js";
import { SigningKeys } from "./keys.js";
import { REALM_PATH, type Realm } from "./realm.js";
import { DEV_ISSUER } from "./realm-names.js";
import { discoveryDocument, realmRoutes } from "./realm-routes.js";
import { SignIns } from "./sign-ins.js";
import { tokenRoutes } from "./token-routes.js";

export type { DeJwtMintOptions, MintOptions } from "./keys.js";
export { DEV_AUDIENCE, DEV_ISSUER } from "./realm-names.js";

export interface IdpState {
  keys: Promise<SigningKeys>;
  signIns: SignIns;
}

export interface IdentityProviderOptions extends SimulatorOptions {
  /** Clients registered besides the web front end's `de-ui` and the demo service accounts (IDP_CLIENTS). */
  clients?: readonly RegisteredClient[];
  /**
   * Issue tokens as `<its own address>/realms/de` rather than DEV_ISSUER (what `pnpm start` serves at
   * localhost:4007): for tests whose OpenID Connect clients reach it on an ephemeral port.
   */
  issuerAtOwnAddress?: boolean;
  /** The X-Iplant-De-Jwt signing key (PKCS #8 PEM) where the stack made it (`StackKeys`); a new one without. */
  deJwtKey?: Promise<string>;
}

/**
 * Development identity provider: the realm `de` as a Keycloak client sees it (OpenID Connect sign-in with a
 * page listing the demo users, tokens, keys, sign-out), and tokens for the demo users without a sign-in, over
 * HTTP (`GET /token/alice`) or in-process (`(await idp.state.keys).mint(...)`).
 */
export class IdentityProvider extends Simulator<IdpState> {
  readonly clients: ClientRegistry;

  constructor(private readonly settings: IdentityProviderOptions = {}) {
    super(
      "idp",
      () => ({ keys: SigningKeys.generate(settings.deJwtKey), signIns: new SignIns() }),
      (app, sim) => installRoutes(app, sim as IdentityProvider),
      settings,
    );
    this.clients = new ClientRegistry(settings.clients);
  }

  /** The issuer its tokens name, under which its OpenID Connect endpoints answer. */
  get issuer(): string {
    return this.settings.issuerAtOwnAddress ? `${this.url}${REALM_PATH}` : DEV_ISSUER;
  }

  /** The realm as its endpoints see it. */
  get realm(): Realm {
    return {
      issuer: () => this.issuer,
      clients: this.clients,
      signIns: () => this.state.signIns,
      keys: () => this.state.keys,
    };
  }
}

export function createIdentityProvider(options: IdentityProviderOptions = {}): IdentityProvider {
  return new IdentityProvider(options);
}

async function installRoutes(app: FastifyInstance, sim: IdentityProvider): Promise<void> {
  await app.register(formBody);
  await app.register(cookie);
  const realm = sim.realm;
  // Each group answers its own errors: JSON for clients, HTML for the person at the browser.
  await app.register(async (scope) => realmRoutes(scope, realm));
  await app.register(async (scope) => tokenRoutes(scope, realm));
  await app.register(async (scope) => authorizationRoutes(scope, realm));
  app.get("/.well-known/jwks.json", async () => ({ keys: (await sim.state.keys).published }));
  app.post("/__sim/rotate-keys", async () => ({ kid: await rotateKeys(sim) }));
  app.get("/.well-known/openid-configuration", async () => discoveryDocument(realm));
  app.get("/users", async () => DEMO_USERS.map(({ username, groups }) => ({ username, groups })));
  // For `pnpm start` to print what a front end needs; secrets included, as this realm is for development only.
  app.get("/clients", async () => sim.clients.all);
  app.get("/de-jwt-public-key", async (_request, reply) =>
    reply.type("text/plain").send((await sim.state.keys).deJwtPublicKeyPem),
  );
  const mint = async (username: string, reply: import("fastify").FastifyReply) => {
    const user = demoUser(username);
    if (!user) return reply.code(404).send({ error: `no demo user ${username}` });
    const keys = await sim.state.keys;
    return {
      access_token: await keys.mint(user, { issuer: sim.issuer }),
      token_type: "Bearer",
      expires_in: 8 * 3600,
      de_jwt: await keys.mintDeJwt(user),
    };
  };
  app.get<{ Params: { username: string } }>("/token/:username", async (request, reply) =>
    mint(request.params.username, reply),
  );
  app.post<{ Body: { username: string } }>(
    "/token",
    { schema: { body: Type.Object({ username: Type.String() }) } },
    async (request, reply) => mint(request.body.username, reply),
  );
}

/** Rotates the bearer signing key (see `SigningKeys.rotated`); resolves to the new key's `kid`. */
export async function rotateKeys(idp: IdentityProvider, options: { keepOld?: boolean } = {}): Promise<string> {
  const next = (await idp.state.keys).rotated(options);
  idp.state.keys = next;
  return String((await next).jwk.kid);
}
