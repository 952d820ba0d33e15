import { Type } from "typebox";
import { DEMO_USERS, demoUser } from "../demo-users.js";
import { Simulator, type SimulatorOptions } from "../framework/simulator.js";
import { DEV_AUDIENCE, DEV_ISSUER, SigningKeys } from "./keys.js";

export {
  DE_JWT_AUDIENCE,
  DE_JWT_ISSUER,
  DEV_AUDIENCE,
  DEV_ISSUER,
  type DeJwtMintOptions,
  type MintOptions,
} from "./keys.js";

export interface IdpState {
  keys: Promise<SigningKeys>;
}

export type IdentityProvider = Simulator<IdpState>;

/**
 * Development identity provider: publishes a JWKS and mints tokens for the demo users,
 * over HTTP (`GET /token/alice`) or in-process (`(await idp.state.keys).mint(...)`).
 */
export function createIdentityProvider(options: SimulatorOptions = {}): IdentityProvider {
  return new Simulator<IdpState>(
    "idp",
    () => ({ keys: SigningKeys.generate() }),
    (app, sim) => {
      app.get("/.well-known/jwks.json", async () => ({ keys: (await sim.state.keys).published }));
      app.post("/__sim/rotate-keys", async () => ({ kid: await rotateKeys(sim) }));
      app.get("/.well-known/openid-configuration", async () => ({
        issuer: DEV_ISSUER,
        jwks_uri: `${sim.url}/.well-known/jwks.json`,
        token_endpoint: `${sim.url}/token`,
      }));
      app.get("/users", async () => DEMO_USERS.map(({ username, groups }) => ({ username, groups })));
      app.get("/de-jwt-public-key", async (_request, reply) =>
        reply.type("text/plain").send((await sim.state.keys).deJwtPublicKeyPem),
      );
      const mint = async (username: string, reply: import("fastify").FastifyReply) => {
        const user = demoUser(username);
        if (!user) return reply.code(404).send({ error: `no demo user ${username}` });
        const keys = await sim.state.keys;
        return {
          access_token: await keys.mint(user),
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
    },
    options,
  );
}

/** Rotates the bearer signing key (see `SigningKeys.rotated`); resolves to the new key's `kid`. */
export async function rotateKeys(idp: IdentityProvider, options: { keepOld?: boolean } = {}): Promise<string> {
  const next = (await idp.state.keys).rotated(options);
  idp.state.keys = next;
  return String((await next).jwk.kid);
}

export const DEV_AUTH = { issuer: DEV_ISSUER, audience: DEV_AUDIENCE };
