import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { intake } from "./intake.js";

export const notificationModules = { intake };

export function createNotificationsSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("notifications", notificationModules, options);
}
export type NotificationsSimulator = ReturnType<typeof createNotificationsSimulator>;
