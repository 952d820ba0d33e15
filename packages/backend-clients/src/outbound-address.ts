import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { badRequest } from "@de-gateway/service-kit";
import { embeddedIpv4 } from "./embedded-ipv4.js";

/**
 * Where the platform may never be sent to fetch or post something for a caller (URL imports, webhooks): this host
 * and its neighbours, not the internet. Loopback, private (RFC 1918, carrier-grade NAT), link-local (the cloud
 * metadata services at 169.254.169.254 and fd00:ec2::254 among them), unique-local, multicast and reserved ranges,
 * the unspecified addresses, and NAT64's prefixes: the well-known one (an IPv4 address inside it is checked as well,
 * see embedded-ipv4.ts, should an operator open the prefix) and the local-use one (RFC 8215), where a local
 * translator decides what the IPv4 address is and where it sits.
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
  ["64:ff9b:1::", 48, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
  ["ff00::", 8, "ipv6"],
];

const internal = new BlockList();
for (const [address, prefix, family] of INTERNAL_RANGES) internal.addSubnet(address, prefix, family);

const familyOf = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** Parses a setting of comma-separated CIDR ranges an operator opens despite the above. */
export function allowedRangesFrom(setting: string): BlockList {
  const allowed = new BlockList();
  for (const range of setting
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [address = "", prefix] = range.split("/");
    const family = familyOf(address);
    allowed.addSubnet(address, Number(prefix ?? (family === "ipv6" ? 128 : 32)), family);
  }
  return allowed;
}

const NONE_ALLOWED = new BlockList();

/** An address the caller gave, as a URL: http or https with a host, else 400 ERR_INVALID_URL with the address. */
export function httpAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw badRequest("the address is not a URL", "ERR_INVALID_URL", { url: address });
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) {
    throw badRequest("only http and https addresses are accepted", "ERR_INVALID_URL", { url: address });
  }
  return url;
}

/** Every address a host name stands for: itself when it is an address, else all its DNS answers. */
async function addressesOf(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return [bare];
  try {
    return (await lookup(bare, { all: true, verbatim: true })).map((answer) => answer.address);
  } catch {
    // A name this gateway cannot resolve leads the platform nowhere either: the fetch or post fails there.
    return [];
  }
}

const isInternal = (address: string, allowed: BlockList) => {
  const family = familyOf(address);
  return internal.check(address, family) && !allowed.check(address, family);
};

const INTERNAL = "an internal address (loopback, private, link-local or metadata) that the platform never connects to";

/**
 * The internal address an address reaches, described, or undefined: the address itself, or an IPv4 address it
 * embeds (judged by itself, so that opening an IPv6 range never opens the IPv4 hosts behind it).
 */
function internalReach(address: string, allowed: BlockList): string | undefined {
  if (isInternal(address, allowed)) return `${address}, ${INTERNAL}`;
  const embedded = embeddedIpv4(address).find((ipv4) => isInternal(ipv4, allowed));
  return embedded === undefined ? undefined : `${address}, which carries ${embedded}, ${INTERNAL}`;
}

/**
 * The one check of an address the platform will fetch from or post to on a caller's behalf: refused when its host
 * is, or resolves to, an internal address (every address it resolves to is checked), unless an operator allowed
 * the range; 400 ERR_INVALID_URL with the address (`url`) and the reason.
 */
export async function checkOutboundAddress(url: URL, address: string, allowed = NONE_ALLOWED): Promise<void> {
  for (const resolved of await addressesOf(url.hostname)) {
    const reach = internalReach(resolved, allowed);
    if (reach) throw badRequest(`the address reaches ${reach}`, "ERR_INVALID_URL", { url: address });
  }
}
