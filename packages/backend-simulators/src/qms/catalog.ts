/** QMS's seed: the resource types and plans its migrations create, with their fixed ids. */

export interface ResourceType {
  id: string;
  name: string;
  unit: string;
  consumable: boolean;
}

export interface QuotaDefault {
  id: string;
  quota_value: number;
  resource_type: ResourceType;
  effective_date: string;
}

export interface PlanRate {
  id: string;
  rate: number;
  effective_date: string;
}

export interface Plan {
  id: string;
  name: string;
  description: string;
  plan_quota_defaults: QuotaDefault[];
  plan_rates: PlanRate[];
}

export const CPU_HOURS: ResourceType = {
  id: "99e3bc7e-950a-11ec-84a4-406c8f3e9cbb",
  name: "cpu.hours",
  unit: "cpu hours",
  consumable: true,
};

export const DATA_SIZE: ResourceType = {
  id: "99e3f91e-950a-11ec-84a4-406c8f3e9cbb",
  name: "data.size",
  unit: "bytes",
  consumable: false,
};

export const RESOURCE_TYPES: readonly ResourceType[] = [CPU_HOURS, DATA_SIZE];

/** The plan a user is subscribed to when QMS first sees them. */
export const DEFAULT_PLAN_NAME = "Basic";

/** When the seed's quota defaults and rates took effect. */
const SEEDED = "2022-03-01T00:00:00Z";
const GIB = 1024 ** 3;

function plan(id: string, name: string, cpuHours: number, dataGiB: number, rate: number, ids: string[]): Plan {
  const [cpuId = "", dataId = "", rateId = ""] = ids;
  return {
    id,
    name,
    description: `${name === "Pro" ? "Professional" : name} plan`,
    plan_quota_defaults: [
      { id: cpuId, quota_value: cpuHours, resource_type: CPU_HOURS, effective_date: SEEDED },
      { id: dataId, quota_value: dataGiB * GIB, resource_type: DATA_SIZE, effective_date: SEEDED },
    ],
    plan_rates: [{ id: rateId, rate, effective_date: SEEDED }],
  };
}

/** Basic, Regular, Pro and Commercial, as QMS seeds them (CPU hours, data size, yearly rate in dollars). */
export const seedPlans = (): Plan[] => [
  plan("99e47c22-950a-11ec-84a4-406c8f3e9cbb", "Basic", 200, 5, 0, [
    "1d3b5a0e-0b7a-4c61-9d1e-5f0c2a9e7b01",
    "1d3b5a0e-0b7a-4c61-9d1e-5f0c2a9e7b02",
    "1d3b5a0e-0b7a-4c61-9d1e-5f0c2a9e7b03",
  ]),
  plan("c6d39580-98dc-11ec-bbe3-406c8f3e9cbb", "Regular", 1000, 50, 200, [
    "2e4c6b1f-1c8b-4d72-8e2f-6a1d3b0f8c01",
    "2e4c6b1f-1c8b-4d72-8e2f-6a1d3b0f8c02",
    "2e4c6b1f-1c8b-4d72-8e2f-6a1d3b0f8c03",
  ]),
  plan("cdf7ac7a-98dc-11ec-bbe3-406c8f3e9cbb", "Pro", 20000, 3072, 340, [
    "3f5d7c20-2d9c-4e83-9f30-7b2e4c1a9d01",
    "3f5d7c20-2d9c-4e83-9f30-7b2e4c1a9d02",
    "3f5d7c20-2d9c-4e83-9f30-7b2e4c1a9d03",
  ]),
  plan("d80b5482-98dc-11ec-bbe3-406c8f3e9cbb", "Commercial", 50000, 5120, 2000, [
    "4a6e8d31-3ead-4f94-a041-8c3f5d2bae01",
    "4a6e8d31-3ead-4f94-a041-8c3f5d2bae02",
    "4a6e8d31-3ead-4f94-a041-8c3f5d2bae03",
  ]),
];
