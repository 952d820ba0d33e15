/**
 * A URL reduced to the parts that are safe to show: scheme, host, port and path. User name, password,
 * query and fragment (where credentials and tokens ride) are dropped by construction. Undefined when the
 * value is not a URL at all.
 */
export function publicUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const path = url.pathname === "/" ? "" : url.pathname;
  return `${url.protocol}//${url.host}${path}`;
}
