import { Hono } from "hono";
import { registerWithKeysSchema } from "../../../common/keys.js";
import type { AppEnv } from "../../http/context.js";
import { parseJson } from "../../http/validate.js";
import { limitFirmCodeMisses } from "../../rate-limit/per-user-middleware.js";
import { registerUser } from "./register.js";
import { CLIENT_IP_HEADER } from "../../auth/auth.js";

/** Our own auth routes; better-auth's are mounted under /api/auth in app.ts. */
// A firm code that finds no firm counts toward the look-up limit (docs/decisions/018).
export const registerRoutes = new Hono<AppEnv>().post(
  "/register",
  limitFirmCodeMisses,
  async (c) => {
    const input = await parseJson(c, registerWithKeysSchema);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.var.ip);
    await registerUser(c.var.deps, input, headers);
    return c.json({ ok: true });
  },
);
