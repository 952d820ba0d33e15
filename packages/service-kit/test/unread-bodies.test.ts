import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { readRestBeforeAnswer } from "../src/unread-bodies.js";

/** Whether a promise settles before the event loop's next turn, i.e. without waiting on any timer. */
const settlesAtOnce = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setImmediate(() => resolve(false)))]);

it("answers at once when the body was already read to its end, whether or not its request says complete", async () => {
  // An injected request (app.inject) has no `complete` flag and stays undestroyed once read: nothing is left to wait for.
  const body = Object.assign(new Readable({ read() {}, autoDestroy: false }), { headers: {} });
  body.push("a whole body");
  body.push(null);
  await new Promise((resolve) => body.on("end", resolve).resume());
  expect(body.destroyed).toBe(false);
  expect(await settlesAtOnce(readRestBeforeAnswer(body as unknown as IncomingMessage))).toBe(true);
});
