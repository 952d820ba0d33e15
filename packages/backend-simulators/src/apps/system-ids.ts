import { badRequest } from "../framework/problems.js";

/** The apps backend's own system; terrain names it in the paths the apps backend serves today. */
const PLATFORM_SYSTEM_ID = "de";

export interface SystemAppParams {
  systemId: string;
  appId: string;
}

/**
 * The app of a `/apps/{system-id}/{app-id}` path, as the apps backend serves an app's view and details today
 * (the catalogue's paths leave the system out). Any system other than the platform's is refused, as there.
 */
export function platformAppId({ systemId, appId }: SystemAppParams): string {
  if (systemId !== PLATFORM_SYSTEM_ID) throw badRequest(`unrecognized system ID ${systemId}`);
  return appId;
}
