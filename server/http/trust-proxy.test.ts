import { describe, expect, it } from "vitest";
import { parseTrustProxy, TrustProxyError } from "../trust-proxy-setting.js";
import { clientAddress, parseAddress, type ForwardingHeader } from "./trust-proxy.js";

const xff = (peer: string, value: string | undefined, trust: string | undefined) =>
  clientAddress({
    peer,
    header: "x-forwarded-for",
    value,
    trust: trust === undefined ? undefined : parseTrustProxy(trust),
  });
const fwd = (
  peer: string,
  value: string | undefined,
  trust: string,
  header: ForwardingHeader = "forwarded",
) => clientAddress({ peer, header, value, trust: parseTrustProxy(trust) });

describe("TRUST_PROXY", () => {
  it("reads a hop count, or addresses and CIDR ranges of both families", () => {
    expect(parseTrustProxy("1")).toEqual({ kind: "hops", hops: 1 });
    expect(parseTrustProxy("0")).toBeNull();
    const trust = parseTrustProxy(" 127.0.0.1, 10.0.0.0/8 ,::1, 2001:db8::/32 ");
    expect(trust?.kind).toBe("addresses");
    if (trust?.kind !== "addresses") return;
    expect(trust.list.check("127.0.0.1", "ipv4")).toBe(true);
    expect(trust.list.check("127.0.0.2", "ipv4")).toBe(false);
    expect(trust.list.check("10.200.3.4", "ipv4")).toBe(true);
    expect(trust.list.check("::1", "ipv6")).toBe(true);
    expect(trust.list.check("2001:db8:ffff::1", "ipv6")).toBe(true);
    expect(trust.list.check("2001:db9::1", "ipv6")).toBe(false);
  });

  it.each([
    ["true", '"true" is not an IP address or CIDR range'],
    ["127.0.0.1,", '"" is not an IP address or CIDR range'],
    ["10.0.0.0/33", '"10.0.0.0/33" is not'],
    ["::1/129", '"::1/129" is not'],
    ["10.0.0.0/8/8", '"10.0.0.0/8/8" is not'],
    ["10.0.0.0/x", '"10.0.0.0/x" is not'],
    ["256.0.0.1", '"256.0.0.1" is not'],
    ["localhost", '"localhost" is not'],
    ["11", "at most 10 hops"],
  ])("refuses %j with a readable message", (value, message) => {
    expect(() => parseTrustProxy(value)).toThrow(TrustProxyError);
    expect(() => parseTrustProxy(value)).toThrow(message);
  });
});

describe("the client's address", () => {
  it("is the socket peer's when nothing is trusted, whatever the headers say", () => {
    expect(xff("203.0.113.7", "198.51.100.1", undefined)).toBe("203.0.113.7");
    expect(xff("203.0.113.7", "198.51.100.1", "127.0.0.1")).toBe("203.0.113.7");
    expect(fwd("203.0.113.7", "for=198.51.100.1", "127.0.0.1")).toBe("203.0.113.7");
  });

  it("from a trusted peer is the nearest untrusted hop of X-Forwarded-For, read right to left", () => {
    expect(xff("127.0.0.1", "198.51.100.1", "127.0.0.1")).toBe("198.51.100.1");
    // what the client sent itself stands left of what the proxy appended: never read
    expect(xff("127.0.0.1", "1.1.1.1, 198.51.100.1", "127.0.0.1")).toBe("198.51.100.1");
    expect(xff("10.0.0.5", "1.1.1.1, 198.51.100.1, 10.1.2.3", "10.0.0.0/8")).toBe("198.51.100.1");
    expect(xff("::1", "2001:db8::7", "::1")).toBe("2001:db8::7");
    expect(xff("::ffff:127.0.0.1", "198.51.100.1", "127.0.0.1")).toBe("198.51.100.1");
    // every hop trusted: the furthest one
    expect(xff("127.0.0.1", "10.0.0.9, 10.0.0.8", "127.0.0.1,10.0.0.0/8")).toBe("10.0.0.9");
  });

  it("with a hop count takes the address that many hops away, or the furthest there is", () => {
    expect(xff("172.17.0.1", "1.1.1.1, 198.51.100.1", "1")).toBe("198.51.100.1");
    expect(xff("172.17.0.1", "1.1.1.1, 198.51.100.1, 10.0.0.2", "2")).toBe("198.51.100.1");
    expect(xff("172.17.0.1", "198.51.100.1", "3")).toBe("198.51.100.1");
    expect(xff("172.17.0.1", undefined, "1")).toBe("172.17.0.1");
  });

  it("reads RFC 7239 Forwarded for= (quoted, bracketed IPv6, ports, other parameters)", () => {
    expect(fwd("127.0.0.1", "for=192.0.2.60;proto=https;by=203.0.113.43", "127.0.0.1")).toBe(
      "192.0.2.60",
    );
    expect(fwd("127.0.0.1", 'for=1.1.1.1, For="[2001:db8:cafe::17]:4711"', "127.0.0.1")).toBe(
      "2001:db8:cafe::17",
    );
    expect(fwd("127.0.0.1", 'proto=https;for="192.0.2.60:8080"', "1")).toBe("192.0.2.60");
  });

  it("reads only the header that TRUST_PROXY_HEADER names", () => {
    expect(fwd("127.0.0.1", "198.51.100.1", "127.0.0.1", "forwarded")).toBe("127.0.0.1");
    expect(xff("127.0.0.1", "for=198.51.100.1", "127.0.0.1")).toBe("127.0.0.1");
  });

  it.each([
    ["junk", "127.0.0.1"],
    ["", "127.0.0.1"],
    ["unknown", "127.0.0.1"],
    ["198.51.100.1,", "127.0.0.1"],
    ["1.1.1.1,,10.0.0.3", "10.0.0.3"],
    ["1.1.1.1, not-an-ip, 10.0.0.3", "10.0.0.3"],
    ["999.1.1.1", "127.0.0.1"],
    [`${"1".repeat(5000)}`, "127.0.0.1"],
    ["[::1", "127.0.0.1"],
    ["1.2.3.4\u0000", "127.0.0.1"],
  ])(
    "a malformed X-Forwarded-For %j falls back to the nearest address read (%s)",
    (value, expected) => {
      expect(xff("127.0.0.1", value, "127.0.0.1,10.0.0.0/8")).toBe(expected);
    },
  );

  it.each([
    ["for=_hidden"],
    ["for=unknown"],
    ["proto=https"],
    ['for="[2001:db8::1'],
    ["for"],
    [";;;,,,"],
  ])("a malformed Forwarded %j falls back to the peer", (value) => {
    expect(fwd("127.0.0.1", value, "127.0.0.1")).toBe("127.0.0.1");
  });

  it("accepts the address forms proxies write, and nothing else", () => {
    expect(parseAddress(" 192.0.2.1 ")).toBe("192.0.2.1");
    expect(parseAddress("192.0.2.1:4711")).toBe("192.0.2.1");
    expect(parseAddress("[2001:db8::1]:4711")).toBe("2001:db8::1");
    expect(parseAddress('"[2001:db8::1]"')).toBe("2001:db8::1");
    expect(parseAddress("2001:db8::1")).toBe("2001:db8::1");
    expect(parseAddress("[192.0.2.1]")).toBeNull();
    expect(parseAddress("192.0.2.1:")).toBeNull();
    expect(parseAddress("example.com")).toBeNull();
  });
});
