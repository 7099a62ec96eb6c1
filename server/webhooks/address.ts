import { BlockList, isIP } from "node:net";
import { lookup } from "node:dns/promises";
import { WEBHOOK_MSG } from "../../common/firm-api.js";
import { AppError } from "../errors.js";

/** Addresses a webhook may never reach in production: this machine, private networks, link-local, and the like. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv6");

/** Whether `ip` is not a public internet address (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(ip);
  if (family === 0) return true;
  return PRIVATE.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/**
 * A webhook URL as we will send to it: https in production (http also in development and tests),
 * no user name or password, and, in production, a host that neither is nor resolves to a private
 * address (server-side request forgery). Checked when saved and again before each send.
 */
export async function checkWebhookUrl(
  raw: string,
  options: { isProduction: boolean; resolve?: (host: string) => Promise<string[]> },
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("VALIDATION", WEBHOOK_MSG.urlInvalid, { url: WEBHOOK_MSG.urlInvalid });
  }
  const refuse = (message: string) => new AppError("VALIDATION", message, { url: message });
  const isHttps = url.protocol === "https:";
  if (!isHttps && (options.isProduction || url.protocol !== "http:"))
    throw refuse(WEBHOOK_MSG.urlNotHttps);
  if (url.username || url.password) throw refuse(WEBHOOK_MSG.urlCredentials);
  if (!options.isProduction) return url;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const resolve = options.resolve ?? resolveAll;
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  if (addresses.length === 0 || addresses.some(isPrivateAddress))
    throw refuse(WEBHOOK_MSG.urlPrivate);
  return url;
}

const resolveAll = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
