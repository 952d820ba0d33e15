/**
 * The apps backend's own system: an app it keeps is served at `/apps/{system-id}/{app-id}` (its view, its
 * details), as terrain calls it. The catalogue's passthrough paths leave the system out.
 */
export const PLATFORM_SYSTEM_ID = "de";
