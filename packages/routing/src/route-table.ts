import type { Router } from "./routers.js";
import { compileRule, type RequestFacts, type RuleMatcher } from "./rule.js";

export interface CompiledRouter extends Router {
  matches: RuleMatcher;
}

/** Traefik's router selection: of the routers whose rule matches, the one with the highest priority. */
export class RouteTable {
  readonly routers: readonly CompiledRouter[];

  constructor(routers: readonly Router[]) {
    this.routers = routers
      .map((router) => ({ ...router, matches: compileRule(router.rule) }))
      .sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name));
  }

  /** Every router matching the request, highest priority first. */
  matching(request: RequestFacts): CompiledRouter[] {
    return this.routers.filter((router) => router.matches(request));
  }

  /** The router Traefik would pick, if any. Ties between equal priorities are reported by the conformance check. */
  match(request: RequestFacts): CompiledRouter | undefined {
    return this.routers.find((router) => router.matches(request));
  }
}
