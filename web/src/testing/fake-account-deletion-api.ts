import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_MSG,
  accountDeletionLinkSchema,
  accountDeletionRequestSchema,
  type AccountDeletionView,
} from "@common/account-deletion";
import { AUTH_MSG } from "@common/auth";
import { json } from "./fake-keys-api";

/**
 * For component tests only: an in-memory stand-in for /api/account-deletion (decision 042; the
 * server's own tests, server/account-deletion/*.test.ts, cover the real one), for `stubFetch`.
 * Bodies are checked with common/'s schemas. The account has not moved over (POST /api/kdf answers
 * `kdf: null`), so the browser sends the password as is, without deriving.
 */
export type FakeAccountDeletionServer = {
  password: string;
  view: AccountDeletionView;
  /** The e-mailed cancel link's token, until it is used or the deletion is cancelled. */
  linkToken: string | null;
  /** Every request, as "METHOD path". */
  calls: string[];
};

export const newFakeAccountDeletionServer = (password: string): FakeAccountDeletionServer => ({
  password,
  view: { pending: null },
  linkToken: null,
  calls: [],
});

const refuse = (status: number, message: string, fields?: Record<string, string>) =>
  Promise.resolve(
    json(status, { error: { code: "REFUSED", message, ...(fields ? { fields } : {}) } }),
  );

/** A pending deletion asked for `requestedAt`, erased the grace period later. */
export function pendingFrom(requestedAt: Date): AccountDeletionView {
  const eraseAt = new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_DAYS * 86_400_000);
  return { pending: { requestedAt: requestedAt.toISOString(), eraseAt: eraseAt.toISOString() } };
}

export function fakeAccountDeletionFetch(server: () => FakeAccountDeletionServer) {
  return (url: string, init: RequestInit = {}): Promise<Response> => {
    const s = server();
    const method = init.method ?? "GET";
    s.calls.push(`${method} ${url}`);
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (method === "POST" && url === "/api/kdf") return Promise.resolve(json(200, { kdf: null }));
    if (method === "GET" && url === "/api/account-deletion")
      return Promise.resolve(json(200, s.view));
    if (method === "POST" && url === "/api/account-deletion") {
      const parsed = accountDeletionRequestSchema.safeParse(body);
      if (!parsed.success) return refuse(400, parsed.error.message);
      if (parsed.data.currentPassword !== s.password)
        return refuse(400, AUTH_MSG.currentPasswordWrong, {
          currentPassword: AUTH_MSG.currentPasswordWrong,
        });
      if (s.view.pending) return refuse(409, ACCOUNT_DELETION_MSG.alreadyPending);
      s.view = pendingFrom(new Date());
      s.linkToken = "cancel-link-token-0123456789";
      return Promise.resolve(json(200, s.view));
    }
    if (method === "DELETE" && url === "/api/account-deletion") {
      if (!s.view.pending) return refuse(409, ACCOUNT_DELETION_MSG.nothingToCancel);
      s.view = { pending: null };
      s.linkToken = null;
      return Promise.resolve(json(200, s.view));
    }
    if (method === "POST" && url === "/api/account-deletion/cancel-link") {
      const parsed = accountDeletionLinkSchema.safeParse(body);
      if (!parsed.success) return refuse(400, parsed.error.message);
      if (!s.linkToken || parsed.data.token !== s.linkToken)
        return refuse(404, ACCOUNT_DELETION_MSG.linkInvalid);
      s.view = { pending: null };
      s.linkToken = null;
      return Promise.resolve(json(200, { ok: true }));
    }
    return refuse(404, `no fake for ${method} ${url}`);
  };
}
