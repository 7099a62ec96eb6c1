import net from "node:net";
import type { TrustProxy } from "../trust-proxy-setting.js";

/** The header a trusted proxy writes the chain into. */
export type ForwardingHeader = "x-forwarded-for" | "forwarded";

const MAX_ADDRESS_LENGTH = 64;

/**
 * An address as a proxy writes it: bare IPv4 or IPv6, quoted (RFC 7239), or with a port
 * ("192.0.2.1:4711", "[2001:db8::1]:4711"). Null for anything else ("unknown", "_hidden", junk).
 */
export function parseAddress(token: string): string | null {
  let t = token.trim();
  if (t.length > MAX_ADDRESS_LENGTH) return null;
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) t = t.slice(1, -1);
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(t);
  if (bracketed)
    return bracketed[1] !== undefined && net.isIPv6(bracketed[1]) ? bracketed[1] : null;
  if (net.isIP(t) !== 0) return t;
  const withPort = /^([\d.]+):\d{1,5}$/.exec(t);
  return withPort?.[1] !== undefined && net.isIPv4(withPort[1]) ? withPort[1] : null;
}

/** The hops of an X-Forwarded-For or Forwarded value, nearest last, as written (not yet parsed). */
export function forwardingChain(header: ForwardingHeader, value: string): string[] {
  const elements = value.split(",");
  if (header === "x-forwarded-for") return elements;
  // RFC 7239: for=client;proto=https;by=proxy. An element without for= stays in the chain as junk.
  return elements.map((element) => {
    const pair = element
      .split(";")
      .map((p) => p.trim())
      .find((p) => p.toLowerCase().startsWith("for="));
    return pair === undefined ? "" : pair.slice("for=".length);
  });
}

function isTrusted(trust: TrustProxy, address: string, distance: number): boolean {
  if (trust.kind === "hops") return distance < trust.hops;
  const family = net.isIP(address);
  if (family === 0) return false;
  return trust.list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address: the socket peer's, unless the peer is trusted; then the chain is read
 * right to left, skipping trusted hops, and the first untrusted hop is the client. A hop that
 * cannot be read ends the walk at the nearest address read so far (never the sender's choice).
 */
export function clientAddress(input: {
  peer: string;
  header: ForwardingHeader;
  value: string | undefined;
  trust: TrustProxy | null | undefined;
}): string {
  const { peer, header, value, trust } = input;
  if (!trust || value === undefined || !isTrusted(trust, peer, 0)) return peer;
  const chain = forwardingChain(header, value);
  let client = peer;
  for (let distance = 1; distance <= chain.length; distance++) {
    const address = parseAddress(chain[chain.length - distance] ?? "");
    if (address === null) return client;
    client = address;
    if (!isTrusted(trust, address, distance)) return client;
  }
  return client;
}
