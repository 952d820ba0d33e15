import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { badRequest } from "@de-gateway/service-kit";

/**
 * Where a URL import may never reach: this host and its neighbours, not the internet. Loopback, private (RFC 1918,
 * carrier-grade NAT), link-local (the cloud metadata services at 169.254.169.254 and fd00:ec2::254 among them),
 * unique-local, multicast and reserved ranges, and the unspecified addresses.
 */
const INTERNAL_RANGES: ReadonlyArray<readonly [string, number, "ipv4" | "ipv6"]> = [
  ["0.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["127.0.0.0", 8, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.0.0.0", 24, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["198.18.0.0", 15, "ipv4"],
  ["224.0.0.0", 4, "ipv4"],
  ["240.0.0.0", 4, "ipv4"],
  ["::", 128, "ipv6"],
  ["::1", 128, "ipv6"],
  ["64:ff9b::", 96, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
  ["ff00::", 8, "ipv6"],
];

const internal = new BlockList();
for (const [address, prefix, family] of INTERNAL_RANGES) internal.addSubnet(address, prefix, family);

/** Parses `URL_IMPORT_ALLOWED_RANGES` (comma-separated CIDR ranges an operator opens despite the above). */
export function allowedRangesFrom(setting: string): BlockList {
  const allowed = new BlockList();
  for (const range of setting
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [address = "", prefix] = range.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    allowed.addSubnet(address, Number(prefix ?? (family === "ipv6" ? 128 : 32)), family);
  }
  return allowed;
}

const familyOf = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** Every address a host name stands for: itself when it is an address, else all its DNS answers. */
async function addressesOf(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return [bare];
  try {
    return (await lookup(bare, { all: true, verbatim: true })).map((answer) => answer.address);
  } catch {
    // A name this gateway cannot resolve leads the importer nowhere either: the import fails there.
    return [];
  }
}

/**
 * Refuses an import address whose host is, or resolves to, an internal address (every address it resolves to is
 * checked), unless an operator allowed its range: 400 ERR_INVALID_URL with the address and the reason.
 */
export async function checkImportAddress(url: URL, address: string, allowed: BlockList): Promise<void> {
  for (const resolved of await addressesOf(url.hostname)) {
    const family = familyOf(resolved);
    if (internal.check(resolved, family) && !allowed.check(resolved, family)) {
      throw badRequest(
        `the address reaches ${resolved}, an internal address (loopback, private, link-local or metadata) that is never imported from`,
        "ERR_INVALID_URL",
        { url: address },
      );
    }
  }
}
