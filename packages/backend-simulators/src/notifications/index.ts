import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { intake, receiveNotification } from "./intake.js";
import { listings } from "./listings.js";
import { marks } from "./marks.js";
import { answerUnknownPaths } from "./service-errors.js";
import { system } from "./system-messages.js";

const unknownPaths = { makeState: () => ({}), routes: answerUnknownPaths };

export const notificationModules = { intake, listings, marks, system, unknownPaths };

export function createNotificationsSimulator(options: SimulatorOptions = {}) {
  const simulator = moduleSimulator("notifications", notificationModules, options);
  return Object.assign(simulator, {
    /**
     * What another platform service posts to `POST /notification`, taken in process: stored (as of `at` when given),
     * or refused by throwing.
     */
    receive: (body: unknown, at?: number) => receiveNotification(simulator.state.intake, body, at),
  });
}
export type NotificationsSimulator = ReturnType<typeof createNotificationsSimulator>;
