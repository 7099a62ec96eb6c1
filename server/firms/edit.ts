import { FIRM_EDIT_MSG, FIRM_MSG, type CreateFirmInput } from "../../common/firms.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import { AppError, isUniqueViolation } from "../errors.js";
import type { Deps } from "../deps.js";
import { deleteObject, publicPath, putObject } from "../storage/objects.js";
import { isReadableImage } from "../storage/image-structure.js";
import { sniffImage } from "../storage/sniff.js";
import { lockLogoUrl, setLogoUrl, updateDetails } from "./queries.js";

const LOGO_PREFIX = publicPath("firm-logos", "");

/** Firm details are written by the system after the admin check (lv_app only reads firms). */
export async function updateFirmDetails(deps: Deps, actor: ActorProfile, input: CreateFirmInput) {
  requireAccess(actor, "firm:edit", { firmId: actor.firmId });
  return asSystem(deps.db, async (tx) => {
    const row = await updateDetails(tx, requireFirm(actor), input);
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "firm.updated",
      subjectType: "firm",
      subjectId: row.id,
      firmId: row.id,
    });
    return row;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", FIRM_MSG.firmNameTaken);
    throw err;
  });
}

/**
 * Replaces the logo: a raster image by its bytes (SVG refused) that can really be read (a
 * truncated or corrupt file would show as a broken image), stored under a server-made name.
 */
export async function setFirmLogo(deps: Deps, actor: ActorProfile, bytes: Buffer) {
  requireAccess(actor, "firm:edit", { firmId: actor.firmId });
  const image = sniffImage(bytes);
  if (!image) throw new AppError("UNSUPPORTED_MEDIA_TYPE", FIRM_EDIT_MSG.logoNotImage);
  if (!isReadableImage(bytes, image.type))
    throw new AppError("VALIDATION", FIRM_EDIT_MSG.logoUnreadable);
  const firmId = requireFirm(actor);
  const name = `${firmId}-${Date.now()}.${image.ext}`;
  return asSystem(deps.db, async (tx) => {
    const current = await lockLogoUrl(tx, firmId);
    await putObject(tx, { bucket: "firm-logos", name, contentType: image.type, data: bytes });
    const row = await setLogoUrl(tx, firmId, publicPath("firm-logos", name));
    if (current?.logoUrl?.startsWith(LOGO_PREFIX))
      await deleteObject(tx, "firm-logos", current.logoUrl.slice(LOGO_PREFIX.length));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "firm.logo_changed",
      subjectType: "firm",
      subjectId: firmId,
      firmId,
    });
    return row;
  });
}

export async function removeFirmLogo(deps: Deps, actor: ActorProfile) {
  requireAccess(actor, "firm:edit", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  return asSystem(deps.db, async (tx) => {
    const current = await lockLogoUrl(tx, firmId);
    const row = await setLogoUrl(tx, firmId, null);
    if (current?.logoUrl?.startsWith(LOGO_PREFIX))
      await deleteObject(tx, "firm-logos", current.logoUrl.slice(LOGO_PREFIX.length));
    return row;
  });
}
