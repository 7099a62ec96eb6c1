import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  claimFirmSchema,
  createFirmSchema,
  FIRM_EDIT_MSG,
  LOGO_MAX_BYTES,
} from "../../common/firms.js";
import { AppError } from "../errors.js";
import { requireActor } from "../auth/actor.js";
import { CLIENT_IP_HEADER } from "../auth/auth.js";
import { binaryBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { parseJson } from "../http/validate.js";
import { removeFirmLogo, setFirmLogo, updateFirmDetails } from "./edit.js";
import { presentCreatedFirm, presentFirm } from "./present.js";
import { claimFirm, createFirm, getOwnFirm } from "./service.js";

const claimBodySchema = claimFirmSchema.extend({ firmId: z.uuid() });

/** A firm's registration, details and logo. Finding or joining a firm by its code: firm-codes/routes.ts. */
export const firmRoutes = new Hono<AppEnv>()
  .post("/firms", async (c) => {
    const input = await parseJson(c, createFirmSchema);
    const { firm, claimSecret } = await createFirm(c.var.deps, input, c.var.ip);
    return c.json(presentCreatedFirm(firm, claimSecret), 201);
  })
  .post("/firms/claim", async (c) => {
    const input = await parseJson(c, claimBodySchema);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.var.ip);
    await claimFirm(c.var.deps, input, headers);
    return c.json({ ok: true });
  })
  .get("/firm", requireActor, async (c) => {
    const firm = await getOwnFirm(c.var.deps, c.var.actor);
    return c.json({ firm: presentFirm(firm) });
  })
  .patch("/firm", requireActor, async (c) => {
    const input = await parseJson(c, createFirmSchema);
    return c.json({ firm: presentFirm(await updateFirmDetails(c.var.deps, c.var.actor, input)) });
  })
  .put(
    "/firm/logo",
    binaryBody,
    requireActor,
    bodyLimit({
      maxSize: LOGO_MAX_BYTES,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", FIRM_EDIT_MSG.logoTooLarge);
      },
    }),
    async (c) => {
      const bytes = Buffer.from(await c.req.arrayBuffer());
      const firm = await setFirmLogo(c.var.deps, c.var.actor, bytes);
      return c.json({ firm: firm ? presentFirm(firm) : null });
    },
  )
  .delete("/firm/logo", requireActor, async (c) => {
    const firm = await removeFirmLogo(c.var.deps, c.var.actor);
    return c.json({ firm: firm ? presentFirm(firm) : null });
  });
