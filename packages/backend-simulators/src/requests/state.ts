/** The status codes an administrative request moves through; `approved` and `rejected` complete it. */
export const STATUS_CODES = {
  submitted: "Submitted",
  "in-progress": "In Progress",
  approved: "Approved",
  rejected: "Rejected",
} as const;
export type StatusCode = keyof typeof STATUS_CODES;
export const COMPLETED: readonly StatusCode[] = ["approved", "rejected"];

export interface RequestType {
  id: string;
  name: string;
  maximum_concurrent_requests_per_user?: number;
  maximum_requests_per_user?: number;
}

export interface RequestUpdate {
  id: string;
  status: StatusCode;
  updating_user: string;
  created_date: string;
  message: string;
}

export interface AdministrativeRequest {
  id: string;
  request_type: string;
  requesting_user: string;
  details: Record<string, unknown>;
  updates: RequestUpdate[];
}

export interface RequestsState {
  types: Map<string, RequestType>;
  requests: Map<string, AdministrativeRequest>;
}

export const latestUpdate = (request: AdministrativeRequest) => request.updates.at(-1) as RequestUpdate;
export const isActive = (request: AdministrativeRequest) => !COMPLETED.includes(latestUpdate(request).status);
