/** What a rule looks at: the routing path (see request-path.ts) and the request's host. */
export interface RequestFacts {
  path: string;
  host?: string;
}

export type RuleMatcher = (request: RequestFacts) => boolean;

export class RuleError extends Error {
  override name = "RuleError";
}

const MATCHERS: Record<string, (value: string) => RuleMatcher> = {
  // Traefik compares the routing path as a plain string: PathPrefix(`/apps`) also matches `/apps-x`.
  PathPrefix: (prefix) => (request) => request.path.startsWith(prefix),
  Path: (path) => (request) => request.path === path,
  Host: (host) => (request) =>
    request.host !== undefined && request.host.replace(/:\d+$/, "").toLowerCase() === host.toLowerCase(),
};

const TOKEN = /\s*(?:(\|\||&&|!|\(|\)|,)|([A-Za-z]+)|`([^`]*)`|"((?:[^"\\]|\\.)*)")/y;

type Token = { kind: "op"; text: string } | { kind: "name"; text: string } | { kind: "string"; text: string };

function tokenize(rule: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < rule.length) {
    if (/^\s*$/.test(rule.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(rule);
    if (!match) throw new RuleError(`cannot read rule ${rule} at position ${at}`);
    if (match[1]) tokens.push({ kind: "op", text: match[1] });
    else if (match[2]) tokens.push({ kind: "name", text: match[2] });
    else tokens.push({ kind: "string", text: match[3] ?? JSON.parse(`"${match[4]}"`) });
  }
  return tokens;
}

/**
 * Compiles the subset of Traefik's v3 rule syntax the gateway uses: Path, PathPrefix and Host matchers
 * combined with `&&`, `||`, `!` and parentheses. Anything else is an error, never silently ignored.
 */
export function compileRule(rule: string): RuleMatcher {
  const tokens = tokenize(rule);
  let position = 0;
  const peek = () => tokens[position];
  const atOperator = (text: string) => peek()?.kind === "op" && peek()?.text === text;
  const take = (text: string) => {
    const token = tokens[position];
    if (token?.kind !== "op" || token.text !== text) throw new RuleError(`expected "${text}" in rule ${rule}`);
    position++;
  };

  const matcher = (): RuleMatcher => {
    const name = tokens[position++];
    if (name?.kind !== "name") throw new RuleError(`expected a matcher in rule ${rule}`);
    const build = MATCHERS[name.text];
    if (!build) throw new RuleError(`unsupported matcher ${name.text} in rule ${rule}`);
    take("(");
    const value = tokens[position++];
    if (value?.kind !== "string") throw new RuleError(`${name.text} needs one quoted value in rule ${rule}`);
    take(")");
    if ((name.text === "Path" || name.text === "PathPrefix") && !value.text.startsWith("/")) {
      throw new RuleError(`${name.text} value ${value.text} does not start with "/" in rule ${rule}`);
    }
    return build(value.text);
  };
  const unary = (): RuleMatcher => {
    if (atOperator("!")) {
      position++;
      const inner = unary();
      return (request) => !inner(request);
    }
    if (atOperator("(")) {
      position++;
      const inner = or();
      take(")");
      return inner;
    }
    return matcher();
  };
  const and = (): RuleMatcher => {
    let left = unary();
    while (atOperator("&&")) {
      position++;
      const [l, r] = [left, unary()];
      left = (request) => l(request) && r(request);
    }
    return left;
  };
  const or = (): RuleMatcher => {
    let left = and();
    while (atOperator("||")) {
      position++;
      const [l, r] = [left, and()];
      left = (request) => l(request) || r(request);
    }
    return left;
  };

  const compiled = or();
  if (position !== tokens.length) throw new RuleError(`unexpected "${peek()?.text}" in rule ${rule}`);
  return compiled;
}
