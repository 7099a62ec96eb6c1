import { Hono } from "hono";
import { assetFileKindSchema } from "../../common/vault-schemas.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseWith } from "../http/validate.js";
import { checkUploadTarget, deleteAssetFile, getAssetFile, putAssetFile } from "./files.js";
import { presentFile } from "./present.js";
import { DECLARED_TYPE_HEADER, uploadLimit } from "./upload-limit.js";

const PATH = "/assets/:id/files/:kind{document|recording|attachment}";

/** An asset's encrypted files, as raw application/octet-stream bodies (never base64 in JSON). */
export const assetFileRoutes = new Hono<AppEnv>()
  .put(PATH, requireActor, uploadLimit, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const kind = parseWith(assetFileKindSchema, c.req.param("kind"));
    await checkUploadTarget(c.var.deps, c.var.actor, id, kind);
    const data = Buffer.from(await c.req.arrayBuffer());
    const file = await putAssetFile(c.var.deps, c.var.actor, id, kind, c.req.header(DECLARED_TYPE_HEADER) ?? "", data);
    return c.json({ file: presentFile(file) });
  })
  .get(PATH, requireActor, async (c) => {
    const data = await getAssetFile(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")), parseWith(assetFileKindSchema, c.req.param("kind")));
    return c.body(new Uint8Array(data), 200, { "Content-Type": "application/octet-stream", "Content-Disposition": "attachment" });
  })
  .delete(PATH, requireActor, async (c) => {
    await deleteAssetFile(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")), parseWith(assetFileKindSchema, c.req.param("kind")));
    return c.json({ ok: true });
  });
