import escapeHtml from "escape-html";
import type { DemoUser } from "../demo-users.js";
import { ADMIN_GROUP } from "../demo-users.js";

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;

/**
 * The sign-in page: one button per demo user, no passwords (it is for development). The form carries the
 * authorization request along, so that the sign-in answers it.
 */
export function signInPage(
  action: string,
  request: Record<string, string>,
  users: readonly DemoUser[],
  clientId: string,
): string {
  const hidden = Object.entries(request)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  const buttons = users
    .map(
      (user) =>
        `<li><button type="submit" name="username" value="${escapeHtml(user.username)}">${escapeHtml(
          `${user.firstName} ${user.lastName} (${user.username}${user.groups.includes(ADMIN_GROUP) ? ", administrator" : ""})`,
        )}</button></li>`,
    )
    .join("\n");
  return page(
    "Sign in to the Discovery Environment (development)",
    `<p>Signing in to <strong>${escapeHtml(clientId)}</strong>. Pick a demo user; there are no passwords here.</p>
<form method="post" action="${escapeHtml(action)}">
${hidden}
<ul>
${buttons}
</ul>
</form>`,
  );
}

/** A refusal shown to the person at the browser, where the request cannot go back to the client. */
export const errorPage = (error: string, description: string) =>
  page("We are sorry…", `<p><code>${escapeHtml(error)}</code>: ${escapeHtml(description)}</p>`);

export const signedOutPage = () => page("You are signed out", "<p>Your development session has ended.</p>");
