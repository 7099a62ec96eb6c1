import net from "node:net";

/**
 * Which peers may tell the app who the client is (docs/decisions/024-behind-a-reverse-proxy.md):
 * the nearest `hops` hops whatever their address, or the hops whose address is in `list`.
 */
export type TrustProxy =
  { kind: "hops"; hops: number } | { kind: "addresses"; list: net.BlockList };

export const MAX_TRUSTED_HOPS = 10;
const EXAMPLE =
  "a hop count such as 1, or addresses and CIDR ranges such as 127.0.0.1,10.0.0.0/8,::1";

export class TrustProxyError extends Error {}

/** Reads TRUST_PROXY; null when it trusts nothing ("0"). Throws TrustProxyError with a readable message. */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim();
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_TRUSTED_HOPS)
      throw new TrustProxyError(`at most ${MAX_TRUSTED_HOPS} hops (got ${value})`);
    return hops === 0 ? null : { kind: "hops", hops };
  }
  const list = new net.BlockList();
  for (const entry of value.split(",").map((e) => e.trim())) {
    if (!addEntry(list, entry))
      throw new TrustProxyError(
        `"${entry}" is not an IP address or CIDR range; expected ${EXAMPLE}`,
      );
  }
  return { kind: "addresses", list };
}

function addEntry(list: net.BlockList, entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  const type = family === 4 ? "ipv4" : "ipv6";
  if (prefix === undefined) {
    list.addAddress(address, type);
    return true;
  }
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(address, bits, type);
  return true;
}
