import { randomBytes, randomUUID } from "node:crypto";

/** How long an authorization code may be exchanged, as Keycloak's default code lifespan. */
export const CODE_LIFETIME_SECONDS = 60;

/** A user's single sign-on session, which the browser holds by its cookie. */
export interface SsoSession {
  id: string;
  username: string;
  /** Seconds since the epoch: the ID token's `auth_time`. */
  authTime: number;
}

/** What an authorization code stands for until the client exchanges it. */
export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  sessionId: string;
  scope: string;
  nonce?: string | undefined;
  codeChallenge?: string | undefined;
  codeChallengeMethod?: "S256" | "plain" | undefined;
  expiresAtMs: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The realm's sign-ins: sessions by id, codes not yet exchanged. In memory, as everything of a simulator. */
export class SignIns {
  private readonly sessions = new Map<string, SsoSession>();
  private readonly codes = new Map<string, IssuedCode>();

  start(username: string): SsoSession {
    const session = { id: randomUUID(), username, authTime: nowSeconds() };
    this.sessions.set(session.id, session);
    return session;
  }

  session(id: string | undefined): SsoSession | undefined {
    return id === undefined ? undefined : this.sessions.get(id);
  }

  end(id: string | undefined): void {
    if (id !== undefined) this.sessions.delete(id);
  }

  issueCode(grant: Omit<IssuedCode, "expiresAtMs">): string {
    // Codes never exchanged would otherwise pile up for as long as the simulator runs.
    for (const [code, issued] of this.codes) if (issued.expiresAtMs <= Date.now()) this.codes.delete(code);
    const code = randomBytes(32).toString("base64url");
    this.codes.set(code, { ...grant, expiresAtMs: Date.now() + CODE_LIFETIME_SECONDS * 1000 });
    return code;
  }

  /** The code's grant, once: a code exchanged (or tried) before, expired or unknown gives undefined. */
  redeemCode(code: string): IssuedCode | undefined {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    return grant && grant.expiresAtMs > Date.now() ? grant : undefined;
  }
}
