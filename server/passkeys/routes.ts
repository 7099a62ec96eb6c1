import { Hono } from "hono";
import type { PasskeyList, PasskeyView } from "../../common/passkeys.js";
import {
  passkeyCreateSchema,
  passkeyOptionsSchema,
  passkeyRenameSchema,
} from "../../common/passkeys-schemas.js";
import { requireActor } from "../auth/actor.js";
import { callerOf } from "../auth/caller-of.js";
import type { AppEnv } from "../http/context.js";
import { passSetCookies } from "../http/cookies.js";
import { parseJson } from "../http/validate.js";
import { limitCurrentPasswordFailures, perUserLimit } from "../rate-limit/per-user-middleware.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import {
  createPasskey,
  createPasskeyOptions,
  deletePasskey,
  listPasskeys,
  renamePasskey,
} from "./service.js";

const limitChanges = perUserLimit("passkey-change", PER_USER_LIMITS.passkeyChange);

/** The account's passkeys (docs/decisions/056); the passkey sign-in is better-auth's own /api/auth/passkey/*. */
export const passkeyRoutes = new Hono<AppEnv>()
  .get("/passkeys", requireActor, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json<PasskeyList>({ passkeys: await listPasskeys(c.var.deps, c.var.actor) });
  })
  .post(
    "/passkeys/options",
    requireActor,
    limitChanges,
    limitCurrentPasswordFailures,
    async (c) => {
      const { password } = await parseJson(c, passkeyOptionsSchema);
      const { headers, options } = await createPasskeyOptions(c.var.deps, callerOf(c), password);
      passSetCookies(c, headers); // the challenge's signed cookie
      c.header("Cache-Control", "no-store");
      return c.json(options);
    },
  )
  .post("/passkeys", requireActor, limitChanges, async (c) => {
    const input = await parseJson(c, passkeyCreateSchema);
    return c.json<PasskeyView>(await createPasskey(c.var.deps, callerOf(c), input), 201);
  })
  .patch("/passkeys/:id", requireActor, limitChanges, async (c) => {
    const { name } = await parseJson(c, passkeyRenameSchema);
    const id = c.req.param("id");
    return c.json<PasskeyView>(await renamePasskey(c.var.deps, callerOf(c), { id, name }));
  })
  .delete("/passkeys/:id", requireActor, limitChanges, async (c) => {
    await deletePasskey(c.var.deps, callerOf(c), c.req.param("id"));
    return c.body(null, 204);
  });
