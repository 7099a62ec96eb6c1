/**
 * The firm page, /f/<slug> (docs/decisions/095): its address made at registration, its settings
 * changed by the firm admin, and the public read of what it shows.
 */
import { randomBytes } from "node:crypto";
import {
  DEFAULT_BRAND_COLOR,
  FIRM_SLUG_MAX,
  FIRM_PAGE_MSG,
  numberedSlug,
  slugFromName,
  type FirmPageView,
  type UpdateFirmPageInput,
} from "../../common/firm-page.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Db, Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError, isUniqueViolation } from "../errors.js";
import { closePageCode, createPageCode, findActivePageCode } from "../firm-codes/service.js";
import { isSlugTaken, lockPageCodeId, selectFirmPage, updatePage } from "./queries.js";

const NUMBERED_TRIES = 20;

/** A slug no firm has yet, made from the name: the name's own, then numbered, then a random tail. */
export async function freeSlugFor(tx: Db | Tx, name: string): Promise<string> {
  const base = slugFromName(name);
  if (!(await isSlugTaken(tx, base))) return base;
  for (let n = 2; n < NUMBERED_TRIES + 2; n++) {
    const candidate = numberedSlug(base, n);
    if (!(await isSlugTaken(tx, candidate))) return candidate;
  }
  return `${base.slice(0, FIRM_SLUG_MAX - 9).replace(/-+$/, "")}-${randomBytes(4).toString("hex")}`;
}

/** The admin changes the page's address, colour, and whether it carries a code made for it. */
export async function updateFirmPage(deps: Deps, actor: ActorProfile, input: UpdateFirmPageInput) {
  requireAccess(actor, "firm:edit", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  return asSystem(deps.db, async (tx) => {
    if (await isSlugTaken(tx, input.slug, firmId))
      throw new AppError("CONFLICT", FIRM_PAGE_MSG.slugTaken, { slug: FIRM_PAGE_MSG.slugTaken });
    const current = await lockPageCodeId(tx, firmId);
    if (!current) throw new AppError("NOT_FOUND");
    let pageCodeId = current.pageCodeId;
    if (input.isCodeOnPage && !(pageCodeId && (await findActivePageCode(tx, firmId, pageCodeId))))
      pageCodeId = (await createPageCode(tx, firmId)).id;
    if (!input.isCodeOnPage && pageCodeId) {
      await closePageCode(tx, firmId, pageCodeId);
      pageCodeId = null;
    }
    const row = await updatePage(tx, firmId, { ...input, pageCodeId });
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "firm.page_updated",
      subjectType: "firm",
      subjectId: firmId,
      firmId,
    });
    return row;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err))
      throw new AppError("CONFLICT", FIRM_PAGE_MSG.slugTaken, { slug: FIRM_PAGE_MSG.slugTaken });
    throw err;
  });
}

/**
 * Public: a claimed firm's page by its slug, with the same "not found" for a slug nobody has and
 * for a firm not yet claimed. The code is the page's own, only while the firm publishes it.
 */
export async function getFirmPage(deps: Deps, slug: string): Promise<FirmPageView> {
  return asSystem(deps.db, async (tx) => {
    const page = await selectFirmPage(tx, slug);
    if (!page) throw new AppError("NOT_FOUND");
    const joinCode = page.pageCodeId
      ? await findActivePageCode(tx, page.id, page.pageCodeId)
      : null;
    return {
      name: page.name,
      logoUrl: page.logoUrl,
      brandColor: page.brandColor ?? DEFAULT_BRAND_COLOR,
      joinCode,
    };
  });
}
