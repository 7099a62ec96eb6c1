/* ---------- responses ---------- */

/** GET /api/vault/key: the signed-in owner's raw data key (base64, AES-256), for their browser only. */
export type DataKeyView = { dataKey: string };
