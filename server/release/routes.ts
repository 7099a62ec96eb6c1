import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { REQUEST_MSG } from "../../common/request-limits.js";
import { attestationSchema, releaseLinkSchema, releasePlanSchema } from "../../common/release.js";
import { requireActor } from "../auth/actor.js";
import { AppError } from "../errors.js";
import { binaryBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { evidenceDownload } from "../release-evidence/routes.js";
import { getEvidenceFile } from "../release-evidence/service.js";
import { RELEASE_DOCUMENT_MAX_BYTES, getReleaseDocument, putReleaseDocument } from "./document.js";
import {
  attestRelease,
  cancelByLink,
  cancelByOwner,
  checkInByLink,
  getClientEvidenceSubject,
  getClientRelease,
  getPlanView,
  savePlan,
} from "./service.js";

const clientId = (id: string | undefined) => parseIdParam(id, "user");

/** The document's name from X-File-Name (percent-encoded; undecodable keeps the default): no control characters, which a text column and a Content-Disposition cannot hold. */
function fileNameOf(header: string | undefined): string {
  let fileName = "document";
  try {
    fileName = decodeURIComponent(header ?? "document");
  } catch {
    // keep the default name
  }
  if (/\p{Cc}/u.test(fileName)) throw new AppError("VALIDATION", REQUEST_MSG.badFileName);
  return fileName;
}

const documentLimit = bodyLimit({
  maxSize: RELEASE_DOCUMENT_MAX_BYTES,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", "The document must be at most 10 MB");
  },
});

/** The owner's release plan, the one-click links of its e-mails, and the firm's view and attestation. */
export const releaseRoutes = new Hono<AppEnv>()
  .get("/release", requireActor, async (c) => c.json(await getPlanView(c.var.deps, c.var.actor)))
  .put("/release/plan", requireActor, async (c) =>
    c.json(await savePlan(c.var.deps, c.var.actor, await parseJson(c, releasePlanSchema))),
  )
  .post("/release/cancel", requireActor, async (c) =>
    c.json(await cancelByOwner(c.var.deps, c.var.actor)),
  )
  .post("/release/check-in", async (c) => {
    await checkInByLink(c.var.deps, (await parseJson(c, releaseLinkSchema)).token);
    return c.json({ ok: true });
  })
  .post("/release/cancel-link", async (c) => {
    await cancelByLink(c.var.deps, (await parseJson(c, releaseLinkSchema)).token);
    return c.json({ ok: true });
  })
  .get("/clients/:id/release", requireActor, async (c) =>
    c.json(await getClientRelease(c.var.deps, c.var.actor, clientId(c.req.param("id")))),
  )
  .post("/clients/:id/release", requireActor, async (c) => {
    const input = await parseJson(c, attestationSchema);
    return c.json(
      await attestRelease(c.var.deps, c.var.actor, {
        clientId: clientId(c.req.param("id")),
        input,
      }),
      201,
    );
  })
  .put("/clients/:id/release/document", binaryBody, requireActor, documentLimit, async (c) => {
    if (
      c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() !==
      "application/octet-stream"
    ) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the document as application/octet-stream");
    }
    const fileName = fileNameOf(c.req.header("x-file-name"));
    await putReleaseDocument(c.var.deps, c.var.actor, {
      clientId: clientId(c.req.param("id")),
      fileName,
      data: Buffer.from(await c.req.arrayBuffer()),
    });
    return c.json({ ok: true });
  })
  .get("/clients/:id/release/document", requireActor, async (c) => {
    const doc = await getReleaseDocument(c.var.deps, c.var.actor, clientId(c.req.param("id")));
    return c.body(new Uint8Array(doc.data), 200, {
      "Content-Type": doc.contentType,
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
      "Cache-Control": "no-store",
    });
  })
  // The client's release evidence for an admin of the client's firm (decision 079).
  .get("/clients/:id/release-evidence", requireActor, async (c) => {
    const { subject, party } = await getClientEvidenceSubject(
      c.var.deps,
      c.var.actor,
      clientId(c.req.param("id")),
    );
    const file = await getEvidenceFile(c.var.deps, { subject, party, actorId: c.var.actor.id });
    return evidenceDownload(c, file);
  });
