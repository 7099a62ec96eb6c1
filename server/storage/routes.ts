import { Hono } from "hono";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { getObject } from "./objects.js";

/** Public objects (firm logos): correct type, nosniff (from securityHeaders), cached a day. */
export const storageRoutes = new Hono<AppEnv>().get(
  "/firm-logos/:name{[A-Za-z0-9._-]+}",
  async (c) => {
    const obj = await getObject(c.var.deps.db, "firm-logos", c.req.param("name"));
    if (!obj) throw new AppError("NOT_FOUND");
    return c.body(new Uint8Array(obj.data), 200, {
      "Content-Type": obj.contentType,
      "Cache-Control": "public, max-age=86400",
      "Content-Disposition": "inline",
    });
  },
);
