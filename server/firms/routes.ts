import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  claimFirmByLinkSchema,
  claimFirmSchema,
  createFirmSchema,
  registerFirmAsMeSchema,
  FIRM_EDIT_MSG,
  FIRM_MSG,
  LOGO_MAX_BYTES,
} from "../../common/firms.js";
import { firmSlugSchema, updateFirmPageSchema } from "../../common/firm-page.js";
import { AppError } from "../errors.js";
import { requireActor } from "../auth/actor.js";
import { CLIENT_IP_HEADER } from "../auth/auth.js";
import { binaryBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { parseJson } from "../http/validate.js";
import { limitFirmPasswordFailures } from "../rate-limit/per-user-middleware.js";
import { claimFirmByLink, getClaimableFirm, registerFirmAsMe } from "./existing-account.js";
import { removeFirmLogo, setFirmLogo, updateFirmDetails } from "./edit.js";
import { getFirmPage, updateFirmPage } from "./page.js";
import { presentClaimableFirm, presentCreatedFirm, presentFirm } from "./present.js";
import { claimFirm, createFirm, getOwnFirm } from "./service.js";

const claimBodySchema = claimFirmSchema.extend({ firmId: z.uuid() });
const tokenQuerySchema = z.object({ token: z.string().min(20).max(200) });
const parseFirmId = (id: string) => {
  if (!z.uuid().safeParse(id).success) throw new AppError("NOT_FOUND", FIRM_MSG.claimLinkInvalid);
  return id;
};

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
  // decision 034: an existing account registers a firm (in the app), or claims one by the e-mailed link
  .post("/firm", limitFirmPasswordFailures, requireActor, async (c) => {
    const input = await parseJson(c, registerFirmAsMeSchema);
    const firm = await registerFirmAsMe(c.var.deps, { actor: c.var.actor, input, ip: c.var.ip });
    return c.json({ firm: presentFirm(firm) }, 201);
  })
  .get("/firms/:id/claim", requireActor, async (c) => {
    const query = tokenQuerySchema.safeParse({ token: c.req.query("token") });
    if (!query.success) throw new AppError("NOT_FOUND", FIRM_MSG.claimLinkInvalid);
    const firmId = parseFirmId(c.req.param("id"));
    const firm = await getClaimableFirm(c.var.deps, {
      actor: c.var.actor,
      firmId,
      token: query.data.token,
    });
    return c.json(presentClaimableFirm(firm));
  })
  .post("/firms/:id/claim", limitFirmPasswordFailures, requireActor, async (c) => {
    const firmId = parseFirmId(c.req.param("id"));
    const input = await parseJson(c, claimFirmByLinkSchema);
    const firm = await claimFirmByLink(c.var.deps, { actor: c.var.actor, firmId, input });
    return c.json({ firm: presentFirm(firm) });
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
  .patch("/firm/page", requireActor, async (c) => {
    const input = await parseJson(c, updateFirmPageSchema);
    return c.json({ firm: presentFirm(await updateFirmPage(c.var.deps, c.var.actor, input)) });
  })
  // public: the firm page's name, logo, colour and (if published) its own code (decision 095)
  .get("/firm-pages/:slug", async (c) => {
    const slug = firmSlugSchema.safeParse(c.req.param("slug"));
    if (!slug.success) throw new AppError("NOT_FOUND");
    return c.json({ page: await getFirmPage(c.var.deps, slug.data) });
  })
  .delete("/firm/logo", requireActor, async (c) => {
    const firm = await removeFirmLogo(c.var.deps, c.var.actor);
    return c.json({ firm: firm ? presentFirm(firm) : null });
  });
