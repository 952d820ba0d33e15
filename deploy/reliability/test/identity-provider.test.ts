import { rotateKeys } from "@de-gateway/backend-simulators";
import { request } from "undici";
import { expect, it } from "vitest";
import { printFigures } from "../src/figures.js";
import { startLoad } from "../src/load.js";
import { Tally } from "../src/outcomes.js";
import { useServiceProcess } from "../src/service-under-test.js";
import { now, sleep } from "../src/timing.js";

/**
 * Scenario 6: the identity provider's JWKS endpoint goes down right after identity-session has fetched it,
 * keys are rotated meanwhile, then it comes back. packages/auth verifies with jose's remote key set, which
 * asks the identity provider again for a key it does not know only once 30 s have passed since its last
 * fetch (its cooldown; before that such a token is refused 401 without asking). So the outage lasts past
 * the cooldown, with traffic on the token verified before it.
 */
const JWKS_COOLDOWN_MS = 30_000;
const TRIES = 5;

const under = useServiceProcess("identity-session");

/** The statuses of `TRIES` requests with this token, one after the other. */
async function statusesWith(origin: string, token: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const response = await request(`${origin}/secured/sessions`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.body.text();
    statuses.push(response.statusCode);
    if (response.statusCode >= 300) expect(JSON.parse(body)).toMatchObject({ error_code: expect.any(String) });
  }
  return statuses;
}

it("answers 502 for an unknown key while the JWKS is down, keeps verified tokens working, picks up a rotation", async () => {
  const verified = await under.platform.token("alice");
  expect(await statusesWith(under.service.url, verified), "the token verifies while the JWKS is up").toEqual(
    Array(TRIES).fill(200),
  );
  const fetchedAt = now();

  await under.platform.idp.stop();
  const load = startLoad({
    origin: under.service.url,
    connections: 2,
    pauseMs: 50,
    plans: [{ route: "verified before", path: "/secured/sessions", headers: { authorization: `Bearer ${verified}` } }],
  });
  await sleep(Math.max(0, fetchedAt + JWKS_COOLDOWN_MS + 1_000 - now()));
  const kid = await rotateKeys(under.platform.idp);
  const rotated = await under.platform.token("alice");
  const whileDown = await statusesWith(under.service.url, rotated);
  await load.stop();

  await under.platform.idp.start();
  const backAt = now();
  const afterRotation = await statusesWith(under.service.url, rotated);
  const pickedUpAfter = now() - backAt;
  const stillVerified = await statusesWith(under.service.url, verified);
  const tally = Tally.of(load.outcomes);
  printFigures("identity provider trouble", {
    tally,
    more: {
      "outage-s": ((backAt - fetchedAt) / 1000).toFixed(0),
      "unknown-key-while-down": whileDown.join(","),
      "new-key": kid,
      "rotated-key-after-return": afterRotation.join(","),
      "rotation-picked-up-within": `${pickedUpAfter.toFixed(0)}ms`,
      "old-key-after-rotation": stillVerified.join(","),
    },
  });

  expect(tally.ok, "the token verified before the outage kept working throughout").toBe(tally.sent);
  expect(tally.sent, "and was used meanwhile").toBeGreaterThan(100);
  expect(whileDown, "a token with an unknown key while the JWKS is down: 502, not 401").toEqual(Array(TRIES).fill(502));
  expect(afterRotation, "the rotated key is accepted once the JWKS answers, without a restart").toEqual(
    Array(TRIES).fill(200),
  );
  expect(stillVerified, "tokens signed with the previous key still verify").toEqual(Array(TRIES).fill(200));
});
