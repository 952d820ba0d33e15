import type { ServiceUnderTest } from "@de-gateway/backend-simulators";

/** The simulated QMS database behind the service under test. */
export const qmsOf = (service: ServiceUnderTest) => service.platform.qms.state.store;

/** A user's subscription in effect and its quota of one resource type, as QMS holds them. */
export function quotaOf(service: ServiceUnderTest, username: string, resourceType: string): number | undefined {
  const qms = qmsOf(service);
  const type = qms.resourceTypeNamed(resourceType);
  const now = new Date();
  const active = qms.subscriptions.find((sub) => sub.user.username === username && sub.start <= now && sub.end > now);
  return type && active ? active.quotas.get(type.id)?.value : undefined;
}

export const GIB = 1024 ** 3;
