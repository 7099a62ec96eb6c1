import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { type SessionKeyView } from "../../common/keys.js";
import { legacyCodeRequestSchema, legacyVerifySchema } from "../../common/legacy.js";
import { assetFileKindSchema } from "../../common/assets/files.js";
import { actorOf } from "../access.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson, parseWith } from "../http/validate.js";
import { presentSessionKey } from "../keys/owner-keys-present.js";
import { getSessionKey } from "../keys/owner-keys-service.js";
import { chunkedFileHeaders, responseBody } from "../blobs/blob-store.js";
import { getEvidenceFile } from "../release-evidence/service.js";
import { listCare, openCareItem } from "../incapacity/care.js";
import { listEarlyWishes, openEarlyWishes } from "../wishes/early.js";
import { evidenceDownload } from "../release-evidence/routes.js";
import {
  LEGACY_SESSION_HOURS,
  endSession,
  getItemRelease,
  getSessionTabKey,
  itemFile,
  listItems,
  openItem,
  requestCode,
  sessionEmail,
  verifyCode,
} from "./service.js";

const COOKIE = "lv_legacy";
const cookieOptions = (secure: boolean) => ({
  httpOnly: true,
  secure,
  sameSite: "Strict" as const,
  path: "/api/legacy",
});

type BeneficiaryEnv = { Variables: AppEnv["Variables"] & { beneficiaryEmail: string } };

const notProven = () =>
  new AppError("UNAUTHENTICATED", "Confirm your e-mail address with a code first");

/** Who the beneficiary is: the address proven with a code (portal cookie), or a signed-in account's confirmed address. */
export const requireBeneficiary = createMiddleware<BeneficiaryEnv>(async (c, next) => {
  const token = getCookie(c, COOKIE);
  const fromPortal = token ? await sessionEmail(c.var.deps, token) : null;
  const user = c.var.user;
  const email = fromPortal ?? (user?.emailVerified ? user.email.toLowerCase() : null);
  if (!email) throw notProven();
  c.set("beneficiaryEmail", email);
  await next();
});

export const legacyRoutes = new Hono<AppEnv>()
  .post("/legacy/code", async (c) => {
    await requestCode(c.var.deps, (await parseJson(c, legacyCodeRequestSchema)).email);
    return c.json({ ok: true });
  })
  .post("/legacy/verify", async (c) => {
    const { email, code } = await parseJson(c, legacyVerifySchema);
    const token = await verifyCode(c.var.deps, { email, code, ip: c.var.ip });
    setCookie(c, COOKIE, token, {
      ...cookieOptions(c.var.deps.env.APP_URL.startsWith("https://")),
      maxAge: LEGACY_SESSION_HOURS * 3600,
    });
    return c.json({ ok: true });
  })
  .post("/legacy/sign-out", async (c) => {
    const token = getCookie(c, COOKIE);
    if (token) await endSession(c.var.deps, token);
    deleteCookie(c, COOKIE, cookieOptions(c.var.deps.env.APP_URL.startsWith("https://")));
    return c.json({ ok: true });
  })
  /**
   * The key that wraps the access keys in this browser tab (decision 075): the portal session's
   * own, or for an account with a confirmed address its session's (decision 038's). Nobody else's:
   * it is found by this request's cookie only.
   */
  .get("/legacy/tab-key", async (c) => {
    c.header("Cache-Control", "no-store");
    const token = getCookie(c, COOKIE);
    const portalKey = token ? await getSessionTabKey(c.var.deps, token) : null;
    if (portalKey) return c.json<SessionKeyView>(presentSessionKey(portalKey));
    const user = c.var.user;
    const actor = user?.emailVerified ? actorOf(user) : null;
    if (!actor || !c.var.sessionId) throw notProven();
    const key = await getSessionKey(c.var.deps, actor, c.var.sessionId);
    return c.json<SessionKeyView>(presentSessionKey(key));
  })
  .get("/legacy/items", requireBeneficiary, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listItems(c.var.deps, c.var.beneficiaryEmail));
  })
  /** A caregiver's items while the owner cannot act (decision 093): read-only, no file route. */
  .get("/legacy/care", requireBeneficiary, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listCare(c.var.deps, c.var.beneficiaryEmail));
  })
  .get("/legacy/care/:id", requireBeneficiary, async (c) => {
    const item = await openCareItem(
      c.var.deps,
      c.var.beneficiaryEmail,
      parseIdParam(c.req.param("id")),
    );
    c.header("Cache-Control", "no-store");
    return c.json({ item });
  })
  /** Final wishes opened at a confirmed death, during the wait (decision 097): read-only, no file route. */
  .get("/legacy/wishes", requireBeneficiary, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listEarlyWishes(c.var.deps, c.var.beneficiaryEmail));
  })
  .get("/legacy/wishes/:id", requireBeneficiary, async (c) => {
    const item = await openEarlyWishes(
      c.var.deps,
      c.var.beneficiaryEmail,
      parseIdParam(c.req.param("id")),
    );
    c.header("Cache-Control", "no-store");
    return c.json({ item });
  })
  .get("/legacy/items/:id", requireBeneficiary, async (c) => {
    const item = await openItem(
      c.var.deps,
      c.var.beneficiaryEmail,
      parseIdParam(c.req.param("id")),
    );
    c.header("Cache-Control", "no-store");
    return c.json({ item });
  })
  /** The beneficiary's part of the evidence of the release that gave them this item (decision 079). */
  .get("/legacy/items/:id/release-evidence", requireBeneficiary, async (c) => {
    const email = c.var.beneficiaryEmail;
    const subject = await getItemRelease(c.var.deps, email, parseIdParam(c.req.param("id")));
    const file = await getEvidenceFile(c.var.deps, {
      subject,
      party: { type: "beneficiary", email },
      actorId: c.var.user?.id ?? null,
    });
    return evidenceDownload(c, file);
  })
  .get(
    "/legacy/items/:id/files/:kind{(?:document|recording|attachment|media)}",
    requireBeneficiary,
    async (c) => {
      const kind = parseWith(assetFileKindSchema, c.req.param("kind"));
      const file = await itemFile(c.var.deps, {
        email: c.var.beneficiaryEmail,
        assetId: parseIdParam(c.req.param("id")),
        kind,
      });
      return c.body(responseBody(file.data), 200, {
        "Content-Type": "application/octet-stream",
        "Content-Disposition": "attachment",
        "Cache-Control": "no-store",
        ...chunkedFileHeaders(file.uploadId),
      });
    },
  );
