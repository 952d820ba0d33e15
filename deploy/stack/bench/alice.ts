import { DEFAULT_PORTS } from "@de-gateway/backend-simulators";

/** The demo user the hop figures call as, with her bearer token from the development identity provider. */
export async function bearerFor(username: string): Promise<Record<string, string>> {
  const response = await fetch(`http://127.0.0.1:${DEFAULT_PORTS.idp}/token/${username}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}
