import { Hono } from "hono";
import {
  accountDeletionLinkSchema,
  accountDeletionRequestSchema,
  type AccountDeletionView,
} from "../../common/account-deletion.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseJson } from "../http/validate.js";
import { limitCurrentPasswordFailures, perUserLimit } from "../rate-limit/per-user-middleware.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import {
  cancelAccountDeletion,
  cancelAccountDeletionByLink,
  getAccountDeletion,
  requestAccountDeletion,
} from "./service.js";

/**
 * The person's own account deletion (docs/decisions/042-account-deletion.md): read, request (the
 * password's failures count like a password change's; requests per account are limited, each
 * sends a mail) and cancel; and the e-mailed cancel link, public and rate limited per address
 * (rate-limit/rules.ts).
 */
export const accountDeletionRoutes = new Hono<AppEnv>()
  .get("/account-deletion", requireActor, async (c) =>
    c.json<AccountDeletionView>(await getAccountDeletion(c.var.deps, c.var.actor)),
  )
  .post(
    "/account-deletion",
    requireActor,
    perUserLimit("account-deletion", PER_USER_LIMITS.accountDeletion),
    limitCurrentPasswordFailures,
    async (c) => {
      const input = await parseJson(c, accountDeletionRequestSchema);
      const view = await requestAccountDeletion(c.var.deps, c.var.actor, { input, ip: c.var.ip });
      return c.json<AccountDeletionView>(view);
    },
  )
  .delete("/account-deletion", requireActor, async (c) =>
    c.json<AccountDeletionView>(
      await cancelAccountDeletion(c.var.deps, c.var.actor, { ip: c.var.ip }),
    ),
  )
  .post("/account-deletion/cancel-link", async (c) => {
    const { token } = await parseJson(c, accountDeletionLinkSchema);
    await cancelAccountDeletionByLink(c.var.deps, { token, ip: c.var.ip });
    return c.json({ ok: true });
  });
