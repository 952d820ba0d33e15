import { describe, expect, it } from "vitest";
import { ClientRegistry, clientsFromSetting, isRegisteredRedirect } from "../src/idp/clients.js";
import { createIdentityProvider } from "../src/index.js";

describe("the realm's registered clients", () => {
  it("are de-ui, the demo service accounts and those of IDP_CLIENTS, which may replace de-ui", () => {
    const configured = clientsFromSetting(
      JSON.stringify([
        { clientId: "de-ui", secret: "s3", redirectUris: ["http://localhost:8000/*"] },
        { clientId: "spa", redirectUris: ["http://localhost:5173/callback"], audience: ["spa-api"] },
      ]),
    );
    const registry = new ClientRegistry(configured);
    expect(registry.all.map((client) => client.clientId)).toEqual(["de-ui", "qms-updater", "spa"]);
    expect(registry.find("de-ui")).toEqual({
      clientId: "de-ui",
      secret: "s3",
      redirectUris: ["http://localhost:8000/*"],
      audience: ["de-gateway"],
    });
    expect(registry.find("spa")?.secret).toBeUndefined();
  });

  it("refuse a malformed IDP_CLIENTS with the reason", () => {
    expect(() => clientsFromSetting("[{")).toThrow("IDP_CLIENTS is not JSON");
    expect(() => clientsFromSetting(JSON.stringify([{ clientId: "x" }]))).toThrow(/IDP_CLIENTS: .*redirectUris/);
    expect(() => clientsFromSetting(JSON.stringify({ clientId: "x", redirectUris: [] }))).toThrow(/IDP_CLIENTS/);
  });

  it("match redirect addresses exactly, or by the prefix before a closing *", () => {
    const client = {
      clientId: "c",
      redirectUris: ["http://localhost:3000/*", "http://app.example.org/cb"],
      audience: [],
    };
    expect(isRegisteredRedirect(client, "http://localhost:3000/?auth_callback=1")).toBe(true);
    expect(isRegisteredRedirect(client, "http://app.example.org/cb")).toBe(true);
    expect(isRegisteredRedirect(client, "http://app.example.org/cb/more")).toBe(false);
    expect(isRegisteredRedirect(client, "http://localhost:3000.evil.example.org/")).toBe(false);
    expect(isRegisteredRedirect(client, "not a url")).toBe(false);
  });

  it("are listed by the running identity provider for pnpm start to print", async () => {
    const idp = await createIdentityProvider().start();
    try {
      const clients = (await (await fetch(`${idp.url}/clients`)).json()) as Array<{
        clientId: string;
        secret?: string;
      }>;
      expect(clients).toContainEqual(expect.objectContaining({ clientId: "de-ui", secret: "de-ui-secret" }));
    } finally {
      await idp.stop();
    }
  });
});
