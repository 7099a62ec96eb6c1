import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { REQUEST_MSG } from "../../common/request-limits.js";
import { REPORT_MSG, reportDocumentReadSchema } from "../../common/verifier-reports.js";
import { requireAccess } from "../access.js";
import { requireActor } from "../auth/actor.js";
import { asSystem } from "../db/actor.js";
import { AppError } from "../errors.js";
import { binaryBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { RELEASE_DOCUMENT_MAX_BYTES } from "../release/document.js";
import { putDocument, readDocument } from "./document.js";
import { loadActor } from "./public.js";
import { loadFirmActor } from "./service.js";

const documentLimit = bodyLimit({
  maxSize: RELEASE_DOCUMENT_MAX_BYTES,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", "The document must be at most 10 MB");
  },
});

/** The bytes and the file's name (X-File-Name, percent-encoded; no control characters). */
async function upload(c: Context) {
  if (
    c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/octet-stream"
  )
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the document as application/octet-stream");
  let fileName = "document";
  try {
    fileName = decodeURIComponent(c.req.header("x-file-name") ?? "document");
  } catch {
    // keep the default name
  }
  if (/\p{Cc}/u.test(fileName)) throw new AppError("VALIDATION", REQUEST_MSG.badFileName);
  return { fileName, data: Buffer.from(await c.req.arrayBuffer()) };
}

const download = (c: Context, doc: { fileName: string; contentType: string; data: Buffer }) =>
  c.body(new Uint8Array(doc.data), 200, {
    "Content-Type": doc.contentType,
    "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
    "Cache-Control": "no-store",
  });

const clientId = (id: string | undefined) => parseIdParam(id, "user");

/**
 * The reporter's document (docs/decisions/082): uploaded by the verifier who reported; read by the
 * owner, the owner's accepted verifiers (with their session) and the admins of the owner's firm
 * when it is an accepted verifier. Anyone else: 404.
 */
export const reportDocumentRoutes = new Hono<AppEnv>()
  .get("/reports/document", requireActor, async (c) => {
    const actor = c.var.actor;
    requireAccess(actor, "verifiers:manage", { ownerId: actor.id });
    return download(
      c,
      await asSystem(c.var.deps.db, (tx) => readDocument(tx, c.var.deps, actor.id)),
    );
  })
  .put("/clients/:id/report/document", binaryBody, requireActor, documentLimit, async (c) => {
    const { deps, actor } = c.var;
    const { fileName, data } = await upload(c);
    const found = await asSystem(deps.db, (tx) =>
      loadFirmActor(tx, actor, clientId(c.req.param("id"))),
    );
    if (!found.verifier) throw new AppError("NOT_FOUND");
    await putDocument(deps, {
      ownerId: found.client.id,
      verifierId: found.verifier.id,
      actorId: actor.id,
      ip: c.var.ip,
      fileName,
      data,
    });
    return c.json({ ok: true });
  })
  .get("/clients/:id/report/document", requireActor, async (c) => {
    const { deps, actor } = c.var;
    const doc = await asSystem(deps.db, async (tx) => {
      const found = await loadFirmActor(tx, actor, clientId(c.req.param("id")));
      if (!found.verifier) throw new AppError("NOT_FOUND");
      return readDocument(tx, deps, found.client.id);
    });
    return download(c, doc);
  })
  // a person verifier: the session and the role travel in headers beside the bytes
  .put("/verifier/report/document", binaryBody, documentLimit, async (c) => {
    const { deps } = c.var;
    const headers = reportDocumentReadSchema.safeParse({
      session: c.req.header("x-session") ?? "",
      verifierId: c.req.header("x-verifier-id") ?? "",
    });
    if (!headers.success) throw new AppError("UNAUTHENTICATED", REPORT_MSG.sessionEnded);
    const { session, verifierId } = headers.data;
    const { fileName, data } = await upload(c);
    const found = await asSystem(deps.db, (tx) =>
      loadActor(tx, deps, { session, verifierId, ip: c.var.ip }),
    );
    await putDocument(deps, {
      ownerId: found.ownerId,
      verifierId: found.verifier.id,
      actorId: null,
      ip: c.var.ip,
      fileName,
      data,
    });
    return c.json({ ok: true });
  })
  .post("/verifier/report/document", async (c) => {
    const { deps } = c.var;
    const input = await parseJson(c, reportDocumentReadSchema);
    const doc = await asSystem(deps.db, async (tx) => {
      const found = await loadActor(tx, deps, { ...input, ip: c.var.ip });
      return readDocument(tx, deps, found.ownerId);
    });
    return download(c, doc);
  });
