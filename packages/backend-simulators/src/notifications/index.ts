import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { intake } from "./intake.js";
import { listings } from "./listings.js";
import { marks } from "./marks.js";
import { answerUnknownPaths } from "./service-errors.js";
import { system } from "./system-messages.js";

const unknownPaths = { makeState: () => ({}), routes: answerUnknownPaths };

export const notificationModules = { intake, listings, marks, system, unknownPaths };

export function createNotificationsSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("notifications", notificationModules, options);
}
export type NotificationsSimulator = ReturnType<typeof createNotificationsSimulator>;
