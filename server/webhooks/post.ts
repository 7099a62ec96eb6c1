import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";

/**
 * POSTs `body` to `url` and resolves with the answer's status, its body left unread. The
 * connection finds the host through `lookup` (pinnedLookup: the checked addresses, no second
 * resolution) on a connection of its own; redirects are not followed; past `timeoutMs` the
 * request is abandoned.
 */
export function postWebhook(
  url: URL,
  options: {
    headers: Record<string, string>;
    body: string;
    timeoutMs: number;
    lookup: LookupFunction;
  },
): Promise<number> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: { ...options.headers, "content-length": Buffer.byteLength(options.body) },
        lookup: options.lookup,
        agent: false, // a connection of its own: never one pooled under another send's lookup
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
