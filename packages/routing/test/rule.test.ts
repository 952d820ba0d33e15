import { describe, expect, it } from "vitest";
import { compileRule, RuleError } from "../src/index.js";

const matches = (rule: string, path: string, host = "localhost") => compileRule(rule)({ path, host });

describe("rules", () => {
  it("PathPrefix compares the routing path as a string, as Traefik's matcher does", () => {
    expect(matches("PathPrefix(`/teams`)", "/teams")).toBe(true);
    expect(matches("PathPrefix(`/teams`)", "/teams/alice%3Ateam1/members")).toBe(true);
    expect(matches("PathPrefix(`/teams`)", "/teamsters")).toBe(true);
    expect(matches("PathPrefix(`/teams`)", "/team")).toBe(false);
    expect(matches("PathPrefix(`/teams/x`)", "/teams%2Fx")).toBe(false);
  });

  it("Path matches one path exactly", () => {
    expect(matches("Path(`/`)", "/")).toBe(true);
    expect(matches("Path(`/`)", "/uuid")).toBe(false);
    expect(matches("Path(`/uuid`)", "/uuid/")).toBe(false);
  });

  it("Host ignores the port and case", () => {
    expect(matches("Host(`inbox.localhost`)", "/messages", "Inbox.localhost:8080")).toBe(true);
    expect(matches("Host(`inbox.localhost`)", "/messages", "localhost:8080")).toBe(false);
  });

  it("combines matchers with &&, ||, ! and parentheses", () => {
    const rule = 'Host(`a`) && (PathPrefix(`/x`) || Path("/y")) && !PathPrefix(`/x/private`)';
    expect(matches(rule, "/x/1", "a")).toBe(true);
    expect(matches(rule, "/y", "a")).toBe(true);
    expect(matches(rule, "/x/private/1", "a")).toBe(false);
    expect(matches(rule, "/x/1", "b")).toBe(false);
    expect(matches(rule, "/z", "a")).toBe(false);
  });

  it("matches no Host rule for a request without a host, and reads a rule with spaces around it", () => {
    expect(compileRule("Host(`a`)")({ path: "/" })).toBe(false);
    expect(matches("  PathPrefix(`/a`)  ", "/a/b")).toBe(true);
  });

  it.each([
    ["Method(`GET`)", /unsupported matcher Method/],
    ["PathPrefix(`teams`)", /does not start with "\/"/],
    ["PathPrefix(`/a`) ||", /expected a matcher/],
    ["PathPrefix(`/a`) Path(`/b`)", /unexpected/],
    ["PathPrefix(`/a`", /expected "\)"/],
    ["PathPrefix(`/a` && Path(`/b`))", /expected "\)"/],
    ["Path()", /Path needs one quoted value/],
    ["Path(`uuid`)", /Path value uuid does not start with "\/"/],
    ["PathPrefix(/a)", /cannot read rule/],
  ])("refuses %s", (rule, message) => {
    expect(() => compileRule(rule)).toThrow(RuleError);
    expect(() => compileRule(rule)).toThrow(message);
  });
});
