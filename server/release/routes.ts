import { Hono } from "hono";
import {
  attestationSchema,
  releaseLinkSchema,
  releasePauseSchema,
  releasePlanSchema,
} from "../../common/release.js";
import { requireActor } from "../auth/actor.js";
import { binaryBody } from "../http/body-gate.js";
import { documentBodyLimit, documentDownload, readDocumentUpload } from "../http/document-file.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { evidenceDownload } from "../release-evidence/routes.js";
import { getEvidenceFile } from "../release-evidence/service.js";
import { setPause } from "./pause.js";
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

const documentLimit = documentBodyLimit(RELEASE_DOCUMENT_MAX_BYTES);

/** The owner's release plan, the one-click links of its e-mails, and the firm's view and attestation. */
export const releaseRoutes = new Hono<AppEnv>()
  .get("/release", requireActor, async (c) => c.json(await getPlanView(c.var.deps, c.var.actor)))
  .put("/release/plan", requireActor, async (c) =>
    c.json(await savePlan(c.var.deps, c.var.actor, await parseJson(c, releasePlanSchema))),
  )
  .put("/release/pause", requireActor, async (c) =>
    c.json(await setPause(c.var.deps, c.var.actor, await parseJson(c, releasePauseSchema))),
  )
  .delete("/release/pause", requireActor, async (c) =>
    c.json(await setPause(c.var.deps, c.var.actor, null)),
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
    const { fileName, data } = await readDocumentUpload(c);
    await putReleaseDocument(c.var.deps, c.var.actor, {
      clientId: clientId(c.req.param("id")),
      fileName,
      data,
    });
    return c.json({ ok: true });
  })
  .get("/clients/:id/release/document", requireActor, async (c) =>
    documentDownload(
      c,
      await getReleaseDocument(c.var.deps, c.var.actor, clientId(c.req.param("id"))),
    ),
  )
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
