import { Hono } from "hono";
import { REPORT_MSG, reportDocumentReadSchema } from "../../common/verifier-reports.js";
import { requireActor } from "../auth/actor.js";
import { AppError } from "../errors.js";
import { binaryBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { documentBodyLimit, documentDownload, readDocumentUpload } from "../http/document-file.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { RELEASE_DOCUMENT_MAX_BYTES } from "../release/document.js";
import {
  putFirmDocument,
  putPersonDocument,
  readFirmDocument,
  readOwnDocument,
  readPersonDocument,
} from "./document.js";

const documentLimit = documentBodyLimit(RELEASE_DOCUMENT_MAX_BYTES);

const clientId = (id: string | undefined) => parseIdParam(id, "user");

/**
 * The reporter's document (docs/decisions/082): uploaded by the verifier who reported; read by the
 * owner, the owner's accepted verifiers (with their session) and the admins of the owner's firm
 * when it is an accepted verifier. Anyone else: 404.
 */
export const reportDocumentRoutes = new Hono<AppEnv>()
  .get("/reports/document", requireActor, async (c) =>
    documentDownload(c, await readOwnDocument(c.var.deps, c.var.actor)),
  )
  .put("/clients/:id/report/document", binaryBody, requireActor, documentLimit, async (c) => {
    const upload = await readDocumentUpload(c);
    await putFirmDocument(c.var.deps, c.var.actor, {
      ...upload,
      clientId: clientId(c.req.param("id")),
      ip: c.var.ip,
    });
    return c.json({ ok: true });
  })
  .get("/clients/:id/report/document", requireActor, async (c) =>
    documentDownload(
      c,
      await readFirmDocument(c.var.deps, c.var.actor, clientId(c.req.param("id"))),
    ),
  )
  // a person verifier: the session and the role travel in headers beside the bytes
  .put("/verifier/report/document", binaryBody, documentLimit, async (c) => {
    const headers = reportDocumentReadSchema.safeParse({
      session: c.req.header("x-session") ?? "",
      verifierId: c.req.header("x-verifier-id") ?? "",
    });
    if (!headers.success) throw new AppError("UNAUTHENTICATED", REPORT_MSG.sessionEnded);
    const upload = await readDocumentUpload(c);
    await putPersonDocument(c.var.deps, { ...headers.data, ip: c.var.ip }, upload);
    return c.json({ ok: true });
  })
  .post("/verifier/report/document", async (c) => {
    const input = await parseJson(c, reportDocumentReadSchema);
    return documentDownload(c, await readPersonDocument(c.var.deps, { ...input, ip: c.var.ip }));
  });
