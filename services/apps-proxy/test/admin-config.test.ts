import { SERVICE_ROLE, type ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sender, startAppsProxy } from "./support.js";

// Secrets placed where a careless listing would show them: URL credentials, a token in a query string.
const SECRETS = {
  smtpPassword: "smtp-pass-8d1e",
  groupsPassword: "groups-pass-51c0",
  queryToken: "query-token-7f2a",
};
const overrides = {
  SMTP_URL: `smtp://mailer:${SECRETS.smtpPassword}@127.0.0.1:2525`,
  GROUPS_URL: `http://gateway:${SECRETS.groupsPassword}@127.0.0.1:4004/base?access_token=${SECRETS.queryToken}`,
  STATUS_TIMEOUT_MS: "750",
};

let service: ServiceUnderTest;
let environment: Record<string, string>;
beforeAll(async () => {
  service = await startAppsProxy(overrides);
  environment = { ...(await service.platform.env()), ...overrides };
});
afterAll(() => service.close());
const send = sender(() => service);

/** Every secret the service's environment held: the planted ones, the keys and the DataCite password. */
function secretValues(): string[] {
  const keys = [environment.DE_JWT_PUBLIC_KEY, environment.DE_JWT_SIGNING_KEY].map((pem) => pem ?? "");
  // A PEM's base64 lines are the key; any one of them in the answer would be a leak.
  const keyLines = keys.flatMap((pem) =>
    pem.split("\n").filter((line) => line.length > 20 && !line.startsWith("-----")),
  );
  return [...Object.values(SECRETS), environment.DATACITE_PASSWORD ?? "", ...keys, ...keyLines].filter(Boolean);
}

describe("GET /admin/config", () => {
  it("shows the non-secret settings by variable name, URLs without credentials", async () => {
    const response = await send("carol", "GET", "/admin/config");
    expect(response.statusCode).toBe(200);
    const settings = response.json();
    expect(settings).toEqual({
      PORT: 3005,
      HOST: "0.0.0.0",
      LOG_LEVEL: "silent",
      JSON_BODY_LIMIT: 1_048_576,
      REQUEST_LOG: "every-request",
      REQUEST_HEADERS_TIMEOUT_MS: 20_000,
      REQUEST_BODY_TIMEOUT_MS: 20_000,
      REQUEST_BODY_MIN_BYTES: 1024,
      REQUEST_TIMEOUT_MS: 4 * 3600_000,
      SOCKET_IDLE_TIMEOUT_MS: 120_000,
      KEEP_ALIVE_TIMEOUT_MS: 72_000,
      MAX_CONNECTIONS: 4096,
      AUTH_JWKS_URL: environment.AUTH_JWKS_URL,
      AUTH_ISSUER: environment.AUTH_ISSUER,
      AUTH_AUDIENCE: environment.AUTH_AUDIENCE,
      AUTH_ADMIN_GROUPS: "de-admins",
      AUTH_SERVICE_ROLES: SERVICE_ROLE,
      AUTH_DE_JWT_ISSUER: "de-platform",
      AUTH_DE_JWT_AUDIENCE: "de-gateway",
      AUTH_DE_JWT_MAX_AGE_SECONDS: 3600,
      DE_JWT_ACCEPTED: true,
      APPS_URL: service.platform.apps.url,
      METADATA_URL: service.platform.metadata.url,
      NOTIFICATIONS_URL: service.platform.notifications.url,
      FILE_INFO_URL: service.platform.fileInfo.url,
      GROUPS_URL: "http://127.0.0.1:4004/base",
      PREFERENCES_URL: service.platform.preferences.url,
      SEARCH_URL: service.platform.search.url,
      PERMISSIONS_URL: service.platform.permissions.url,
      COGE_URL: service.platform.coge.url,
      DATACITE_URL: service.platform.datacite.url,
      ANALYSES_URL: service.platform.analyses.url,
      DASHBOARD_AGGREGATOR_URL: service.platform.dashboardAggregator.url,
      APP_EXPOSER_URL: service.platform.appExposer.url,
      REQUESTS_URL: service.platform.requests.url,
      USER_DOMAIN: "iplantcollaborative.org",
      BACKEND_TIMEOUT_MS: 500,
      STATUS_TIMEOUT_MS: 750,
      SMTP_URL: "smtp://127.0.0.1:2525",
      MAIL_FROM: environment.MAIL_FROM,
      MAIL_TIMEOUT_MS: 2000,
      TOOL_REQUEST_EMAIL_TO: environment.TOOL_REQUEST_EMAIL_TO,
      TOOL_REQUEST_NOTIFY: true,
    });
  });

  it("never contains a key, password or token the service was configured with", async () => {
    const body = (await send("carol", "GET", "/admin/config")).body;
    const secrets = secretValues();
    expect(secrets.length).toBeGreaterThan(6);
    for (const secret of secrets) expect(body, "a secret appears in /admin/config").not.toContain(secret);
  });

  it("is for administrators only", async () => {
    expect((await send("alice", "GET", "/admin/config")).statusCode).toBe(403);
    expect((await send(undefined, "GET", "/admin/config")).json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
  });
});
