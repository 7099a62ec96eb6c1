import type { Context } from "hono";
import { Hono } from "hono";
import type { EvidenceFile, EvidencePublicKey } from "../../common/release-evidence.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { getClientEvidenceSubject } from "../release/service.js";
import { getEvidenceFile, getEvidencePublicKey } from "./service.js";

/** The file as a download: never cached, named for its owner's chain and its last entry. */
export function evidenceDownload(c: Context, file: EvidenceFile) {
  c.header("Cache-Control", "no-store");
  c.header(
    "Content-Disposition",
    `attachment; filename="release-evidence-${file.certificate.range.last}.json"`,
  );
  return c.json(file);
}

/** The server's public key (public: anyone checks a file with it) and the firm admin's download. */
export const releaseEvidenceRoutes = new Hono<AppEnv>()
  .get("/release-evidence/public-key", (c) =>
    c.json<EvidencePublicKey>(getEvidencePublicKey(c.var.deps)),
  )
  .get("/clients/:id/release-evidence", requireActor, async (c) => {
    const { subject, party } = await getClientEvidenceSubject(
      c.var.deps,
      c.var.actor,
      parseIdParam(c.req.param("id"), "user"),
    );
    const file = await getEvidenceFile(c.var.deps, { subject, party, actorId: c.var.actor.id });
    return evidenceDownload(c, file);
  });
