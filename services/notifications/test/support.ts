import { randomUUID } from "node:crypto";
import { qualifiedUsername, type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

/** Starts the service against fresh simulators for one test file; every test starts from seed state. */
export function useService(overrides: Record<string, string> = {}): () => ServiceUnderTest {
  let service: ServiceUnderTest;
  beforeAll(async () => {
    service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300", ...overrides });
  });
  afterAll(() => service.close());
  beforeEach(() => service.platform.reset());
  return () => service;
}

export interface NotificationFields {
  type?: string;
  subject?: string;
  payload?: Record<string, unknown>;
}

/** Sends a notification to `user` the way platform services do (unsecured `POST /send-notification`); returns its id. */
export async function notify(
  service: ServiceUnderTest,
  user: string,
  fields: NotificationFields = {},
): Promise<string> {
  const response = await service.app.inject({
    method: "POST",
    url: "/send-notification",
    payload: { type: "data", subject: `news for ${user}`, ...fields, user },
  });
  if (response.statusCode !== 200) throw new Error(`notify failed: ${response.statusCode} ${response.body}`);
  // The backend answers with no body, as the real one does: the id is the stored message's.
  const stored = service.platform.notifications.state.intake.messages.at(-1);
  if (!stored) throw new Error("notify stored nothing");
  return stored.message.id;
}

/**
 * Stores a message with a chosen time directly in the backend, for ordering tests: listed with the time as the
 * service lists it, a string of epoch milliseconds.
 */
export function storeAt(service: ServiceUnderTest, user: string, timestamp: number, type = "data"): string {
  const id = randomUUID();
  service.platform.notifications.state.intake.messages.push({
    user,
    owner: qualifiedUsername(user),
    type,
    subject: `at ${timestamp}`,
    email: false,
    payload: null,
    message: { id, text: `at ${timestamp}`, timestamp: String(timestamp) },
    timeCreated: timestamp,
    seen: false,
    deleted: false,
  });
  return id;
}

export const idsOf = (body: { messages: Array<{ message: { id: string } }> }) => body.messages.map((m) => m.message.id);
