import { BlockList, isIP, type LookupFunction } from "node:net";
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

/** Resolves a host name to all its addresses (dns.lookup: the system's resolver). */
export type Resolve = (host: string) => Promise<string[]>;

/**
 * A webhook URL's form: https in production (http also in development and tests), no user name or
 * password, and, in production, no private address written as the host.
 */
export function checkWebhookUrlForm(raw: string, options: { isProduction: boolean }): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("VALIDATION", WEBHOOK_MSG.urlInvalid, { url: WEBHOOK_MSG.urlInvalid });
  }
  const isHttps = url.protocol === "https:";
  if (!isHttps && (options.isProduction || url.protocol !== "http:"))
    throw refuse(WEBHOOK_MSG.urlNotHttps);
  if (url.username || url.password) throw refuse(WEBHOOK_MSG.urlCredentials);
  const host = hostOf(url);
  if (options.isProduction && isIP(host) && isPrivateAddress(host))
    throw refuse(WEBHOOK_MSG.urlPrivate);
  return url;
}

/**
 * A webhook URL as we will send to it (checked when it is saved): its form, and, in production,
 * a host that resolves to public addresses only (server-side request forgery). Each send checks
 * again, on the very addresses it connects to (pinnedLookup).
 */
export async function checkWebhookUrl(
  raw: string,
  options: { isProduction: boolean; resolve?: Resolve },
): Promise<URL> {
  const url = checkWebhookUrlForm(raw, options);
  const host = hostOf(url);
  if (!options.isProduction || isIP(host)) return url;
  await checkedAddresses(host, options.resolve ?? resolveAll, true);
  return url;
}

/**
 * The `lookup` of a send's connection (node:http's option): the host is resolved once, in
 * production refused when any answer is private, and the connection is made to those same
 * addresses. Checking the name first and letting the connection resolve it again would let a DNS
 * answer that changes in between (rebinding) reach a private address.
 */
export function pinnedLookup(options: {
  isProduction: boolean;
  resolve?: Resolve;
}): LookupFunction {
  const resolve = options.resolve ?? resolveAll;
  return (hostname, lookupOptions, callback) => {
    checkedAddresses(hostname, resolve, options.isProduction).then(
      (all) => {
        const answers = all.map((address) => ({ address, family: isIP(address) }));
        const [first] = answers;
        if (lookupOptions.all) callback(null, answers);
        else if (first) callback(null, first.address, first.family);
      },
      (err: Error) => callback(err, "", 0),
    );
  };
}

/** The host's addresses; none, or in production any private one, refuses it. */
async function checkedAddresses(
  host: string,
  resolve: Resolve,
  isProduction: boolean,
): Promise<string[]> {
  const addresses = await resolve(host).catch(() => []);
  if (addresses.length === 0 || (isProduction && addresses.some(isPrivateAddress)))
    throw refuse(WEBHOOK_MSG.urlPrivate);
  return addresses;
}

const refuse = (message: string) => new AppError("VALIDATION", message, { url: message });

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
