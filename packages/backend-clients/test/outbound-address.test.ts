import { GatewayError } from "@de-gateway/service-kit";
import { describe, expect, it } from "vitest";
import { embeddedIpv4 } from "../src/embedded-ipv4.js";
import { allowedRangesFrom, checkOutboundAddress, httpAddress } from "../src/index.js";

/** The refusal `checkOutboundAddress` throws for an address, or undefined when it lets it through. */
async function refusal(address: string, allowed = ""): Promise<GatewayError | undefined> {
  try {
    await checkOutboundAddress(httpAddress(address), address, allowedRangesFrom(allowed));
    return undefined;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
}

describe("the IPv4 address an IPv6 address carries", () => {
  it.each([
    ["::ffff:127.0.0.1", ["127.0.0.1"]],
    ["::ffff:0:169.254.169.254", ["169.254.169.254"]],
    ["::10.0.0.8", ["10.0.0.8"]],
    ["0:0:0:0:0:0:a00:8", ["10.0.0.8"]],
    ["64:ff9b::c0a8:101", ["192.168.1.1"]],
    ["2002:a9fe:a9fe:1::1", ["169.254.169.254"]],
    // Teredo: server 65.54.227.120, client 127.0.0.1 written inverted.
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", ["65.54.227.120", "127.0.0.1"]],
    ["2001::f5ff:fff7", ["0.0.0.0", "10.0.0.8"]],
  ])("%s carries %j", (address, carried) => {
    expect(embeddedIpv4(address)).toEqual(carried);
  });

  it.each([
    "2001:db8::a00:8", // documentation prefix, not Teredo
    "2001:1::a00:8",
    "64:ff9b:1::a00:8", // local-use NAT64: where the IPv4 address sits is the translator's choice
    "2003::a00:8",
    "fe80::1",
    "10.0.0.8",
    "not an address",
  ])("%s carries none in a fixed place", (address) => {
    expect(embeddedIpv4(address)).toEqual([]);
  });
});

describe("the outbound address check", () => {
  it("names the internal IPv4 address an IPv6 address carries", async () => {
    const refused = await refusal("http://[2002:a9fe:a9fe::1]/latest/meta-data");
    expect(refused?.statusCode).toBe(400);
    expect(refused?.message).toBe(
      "the address reaches 2002:a9fe:a9fe::1, which carries 169.254.169.254, an internal address (loopback, private, link-local or metadata) that the platform never connects to",
    );
  });

  it("judges a carried IPv4 address by itself: opening NAT64's prefix does not open the hosts behind it", async () => {
    expect(await refusal("http://[64:ff9b::cb00:7107]/x")).toBeInstanceOf(GatewayError);
    expect(await refusal("http://[64:ff9b::cb00:7107]/x", "64:ff9b::/96")).toBeUndefined();
    expect(await refusal("http://[64:ff9b::7f00:1]/x", "64:ff9b::/96")).toBeInstanceOf(GatewayError);
    expect(await refusal("http://[64:ff9b::a00:8]/x", "64:ff9b::/96, 10.0.0.0/8")).toBeUndefined();
  });

  it.each(["file:///etc/passwd", "ftp://example.org/x", "http://", "not a url"])(
    "takes http and https addresses only: %s",
    (address) => {
      expect(() => httpAddress(address)).toThrow(GatewayError);
    },
  );
});
