import { Hono } from "hono";
import { profileUpdateSchema } from "../../common/profiles.js";
import type { AppEnv } from "../http/context.js";
import { parseJson } from "../http/validate.js";
import { requireUser } from "../sessions/middleware.js";
import { presentMe } from "./present.js";
import { getMe, updateProfile } from "./service.js";

export const profileRoutes = new Hono<AppEnv>()
  .get("/me", requireUser, async (c) => {
    const user = c.var.user!;
    const row = await getMe(c.var.deps.db, user.id);
    return c.json({ user: presentMe(user, row) });
  })
  .patch("/profile", requireUser, async (c) => {
    const user = c.var.user!;
    const input = await parseJson(c, profileUpdateSchema);
    const row = await updateProfile(c.var.deps.db, user.id, input);
    return c.json({ user: presentMe(user, row) });
  });
