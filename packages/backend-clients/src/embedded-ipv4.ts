import { isIPv6 } from "node:net";

type Groups = readonly [number, number, number, number, number, number, number, number];

/**
 * The eight 16-bit groups of an IPv6 address. WHATWG URL writes the address canonically first (hex only, one `::`,
 * no dotted IPv4 tail), so only the `::` is left to expand. Undefined for what URL does not take (a zone id).
 */
function groupsOf(address: string): Groups | undefined {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = "", tail] = canonical.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = Array<string>(tail === undefined ? 0 : 8 - left.length - right.length).fill("0");
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = [...left, ...zeros, ...right].map((group) =>
    Number.parseInt(group, 16),
  );
  return [a, b, c, d, e, f, g, h];
}

/** Two groups as the dotted IPv4 address they hold. */
const ipv4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

const zeroFrom = (groups: Groups, start: number, end: number) => groups.slice(start, end).every((group) => group === 0);

/**
 * The IPv4 addresses an IPv6 address carries, in the forms where their place is fixed: IPv4-mapped
 * (`::ffff:a.b.c.d`) and IPv4-compatible (`::a.b.c.d`, RFC 4291), SIIT's IPv4-translated (`::ffff:0:a.b.c.d`, RFC
 * 2765), NAT64's well-known prefix (`64:ff9b::a.b.c.d`, RFC 6052), 6to4 (`2002:AABB:CCDD::/48`, RFC 3056) and Teredo
 * (`2001::/32`, RFC 4380: the server's address in bits 32-63, the client's in the last 32 bits, inverted). A packet to
 * such an address reaches the IPv4 host through a translator or relay, so the IPv4 address is what it reaches.
 */
export function embeddedIpv4(address: string): string[] {
  const groups = isIPv6(address) ? groupsOf(address) : undefined;
  if (!groups) return [];
  const [first, second, third, fourth, fifth, sixth, seventh, eighth] = groups;
  const last = ipv4(seventh, eighth);
  if (zeroFrom(groups, 0, 5) && (sixth === 0 || sixth === 0xffff)) return [last];
  if (zeroFrom(groups, 0, 4) && fifth === 0xffff && sixth === 0) return [last];
  if (first === 0x64 && second === 0xff9b && zeroFrom(groups, 2, 6)) return [last];
  if (first === 0x2002) return [ipv4(second, third)];
  if (first === 0x2001 && second === 0) return [ipv4(third, fourth), ipv4(seventh ^ 0xffff, eighth ^ 0xffff)];
  return [];
}
