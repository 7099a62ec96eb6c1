import { createHmac } from "node:crypto";

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`: the receiver checks it and refuses a stale t. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** An endpoint's signing secret: derived under a master-derived key from its id and nonce, never stored. */
export const endpointSecret = (hmac: (value: string) => string, id: string, nonce: string) =>
  `whsec_${hmac(`webhook-secret:${id}:${nonce}`)}`;

/** Exponential backoff: the wait before try `attempt + 1`, after `attempt` failed tries. */
export const backoffSeconds = (attempt: number, first: number) => first * 2 ** (attempt - 1);
