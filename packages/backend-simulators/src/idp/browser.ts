/**
 * A person's browser as far as signing in goes, for tests that sign in through the realm's pages: it follows
 * what the identity provider and the client answer, keeps cookies per origin, and on the sign-in page picks a
 * demo user by pressing that user's button.
 */
export class SignInBrowser {
  private readonly cookies = new Map<string, Map<string, string>>();

  /** One request, no redirect followed; cookies sent and kept. */
  async open(url: string | URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url);
    const jar = this.jar(target.origin);
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await fetch(target, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers,
      redirect: "manual",
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      const removed = value === "" || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (removed) jar.delete(name.trim());
      else jar.set(name.trim(), value.trim());
    }
    return response;
  }

  /** Follows redirects from `url` to an answer that is not one; every address opened is added to `visited`. */
  async follow(url: string | URL, visited: URL[] = []): Promise<{ url: URL; response: Response }> {
    let address = new URL(url);
    for (let hops = 0; hops < 10; hops++) {
      visited.push(address);
      const response = await this.open(address);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { url: address, response };
      address = new URL(location, address);
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** On a sign-in page just opened at `pageUrl`, presses the button of `username`; answers the form's answer. */
  async pickUser(pageUrl: URL, page: string, username: string): Promise<Response> {
    const action = /<form method="post" action="([^"]+)">/.exec(page)?.[1];
    if (!action) throw new Error(`no sign-in form on the page:\n${page}`);
    const form: Record<string, string> = {};
    for (const [, name = "", value = ""] of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      form[decodeEntities(name)] = decodeEntities(value);
    }
    if (!page.includes(`name="username" value="${username}"`)) throw new Error(`no button for ${username}`);
    return this.open(new URL(decodeEntities(action), pageUrl), { form: { ...form, username } });
  }

  /** Drops the cookies of one origin, as a new session of that site would start without them. */
  forgetCookies(origin: string): void {
    this.cookies.delete(origin);
  }

  hasCookies(origin: string): boolean {
    return this.jar(origin).size > 0;
  }

  private jar(origin: string): Map<string, string> {
    let jar = this.cookies.get(origin);
    if (!jar) {
      jar = new Map();
      this.cookies.set(origin, jar);
    }
    return jar;
  }
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#39;": "'", "&lt;": "<", "&gt;": ">" };
const decodeEntities = (text: string) =>
  text.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
