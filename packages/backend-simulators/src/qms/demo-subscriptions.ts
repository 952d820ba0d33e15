import { DEMO_SUBSCRIPTIONS } from "../demo-world.js";
import { QmsStore, yearsLater } from "./store.js";

/**
 * QMS's database with the demo users' subscriptions (`demo-world.ts`): alice and carol on plans that let them use
 * what the web client offers (it refuses sharing on Basic), each for a year from the first of this month (a local
 * stack left running over New Year keeps them); bob has none, so QMS subscribes him to Basic when it first sees him,
 * as it does every new user.
 */
export function seededQmsStore(now = new Date()): QmsStore {
  const store = new QmsStore();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  for (const { username, plan, paid } of DEMO_SUBSCRIPTIONS) {
    const subscribed = store.planNamed(plan);
    if (!subscribed) throw new Error(`the demo world subscribes ${username} to ${plan}, a plan QMS does not have`);
    store.subscribe(username, subscribed, { paid, start, end: yearsLater(start, 1) });
  }
  return store;
}
