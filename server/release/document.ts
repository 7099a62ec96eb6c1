import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { findFirmClient } from "../clients/service.js";
import { asSystem, withActor } from "../db/actor.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { sniffImage } from "../storage/sniff.js";
import { auditRelease } from "./audit.js";
import { selectReleaseDocument, upsertReleaseDocument } from "./document-queries.js";
import { selectLatestRelease } from "./queries.js";

export const RELEASE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const RELEASE_DOCUMENT_TYPES_MESSAGE = "The document must be a PDF, JPG or PNG file";

/** PDF, JPEG or PNG, recognised by the first bytes (never by name or header). */
export function sniffReleaseDocument(bytes: Buffer): string | null {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  const image = sniffImage(bytes)?.type;
  return image === "image/png" || image === "image/jpeg" ? image : null;
}

async function loadAttestedRelease(deps: Deps, actor: ActorProfile, clientId: string) {
  requireAccess(actor, "clients:read", { firmId: actor.firmId });
  const { client, release } = await withActor(deps.db, { userId: actor.id }, async (tx) => {
    const client = await findFirmClient(tx, requireFirm(actor), clientId);
    return { client, release: client ? await selectLatestRelease(tx, client.id) : null };
  });
  if (!client || !release || release.trigger !== "attestation" || release.firmId !== actor.firmId)
    throw new AppError("NOT_FOUND");
  return { client, release };
}

/** The attesting firm's admin adds the evidence (e.g. a death certificate) to a waiting release; sealed at rest. */
export async function putReleaseDocument(
  deps: Deps,
  actor: ActorProfile,
  { clientId, fileName, data }: { clientId: string; fileName: string; data: Buffer },
) {
  const { client, release } = await loadAttestedRelease(deps, actor, clientId);
  requireAccess(actor, "release:attest", {
    firmId: client.firmId,
    role: client.role,
    ownerId: client.id,
  });
  if (release.status !== "waiting")
    throw new AppError("CONFLICT", "The release is no longer waiting");
  const contentType = sniffReleaseDocument(data);
  if (!contentType) throw new AppError("UNSUPPORTED_MEDIA_TYPE", RELEASE_DOCUMENT_TYPES_MESSAGE);
  const sealed = deps.documentSealer.seal(release.id, data);
  const name = fileName.trim().slice(0, 200) || "document";
  await asSystem(deps.db, async (tx) => {
    await upsertReleaseDocument(tx, {
      releaseId: release.id,
      fileName: name,
      contentType,
      size: data.length,
      data: sealed,
    });
    await auditRelease(tx, {
      ownerId: client.id,
      action: "release.document_added",
      at: deps.clock.now(),
      actorId: actor.id,
      details: {
        contentType,
        size: data.length,
      },
    });
  });
}

/** The client's firm reads the document back. */
export async function getReleaseDocument(deps: Deps, actor: ActorProfile, clientId: string) {
  const { release } = await loadAttestedRelease(deps, actor, clientId);
  const row = await asSystem(deps.db, (tx) => selectReleaseDocument(tx, release.id));
  if (!row) throw new AppError("NOT_FOUND");
  return {
    fileName: row.fileName,
    contentType: row.contentType,
    data: deps.documentSealer.open(release.id, row.data),
  };
}
