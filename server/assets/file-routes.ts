import { Hono } from "hono";
import { assetFileKindSchema } from "../../common/assets/files.js";
import { requireActor } from "../auth/actor.js";
import { binaryBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseWith } from "../http/validate.js";
import { chunkedFileHeaders, responseBody } from "../blobs/blob-store.js";
import type { StoredFile } from "../storage/file-bodies.js";

import {
  checkUploadTarget,
  deleteAssetFile,
  getAssetFile,
  putAssetFile,
  updateAssetWithFiles,
} from "./files.js";
import { getFileVersion, listFileVersions } from "./file-versions.js";
import { presentAsset, presentFile } from "./present.js";
import {
  DECLARED_TYPE_HEADER,
  readFilesBody,
  readUpload,
  uploadLimit,
} from "./upload-middleware.js";
import { withUploadSlot } from "./upload-slots.js";

/** The group matters: Hono's trie router anchors a param's pattern as ^…$, and ^a|b|c$ would let /files/document/anything through. */
const PATH = "/assets/:id/files/:kind{(?:document|recording|attachment|media)}";
const fileOf = (id: string, kind: string) => ({
  assetId: parseIdParam(id),
  kind: parseWith(assetFileKindSchema, kind),
});
/** A file's ciphertext, for its owner's browser to decrypt (chunk by chunk when it was uploaded so). */
const ciphertextHeaders = (file: StoredFile) => ({
  "Content-Type": "application/octet-stream",
  "Content-Disposition": "attachment",
  ...chunkedFileHeaders(file.uploadId),
});

/**
 * An asset's encrypted files, as raw application/octet-stream bodies (never base64 in JSON): one
 * at a time at /files/:kind, or at /files several together with the content that describes them.
 */
export const assetFileRoutes = new Hono<AppEnv>()
  .get(`${PATH}/versions`, requireActor, async (c) => {
    const ref = fileOf(c.req.param("id"), c.req.param("kind"));
    return c.json(await listFileVersions(c.var.deps, c.var.actor, ref));
  })
  .get(`${PATH}/versions/:versionId`, requireActor, async (c) => {
    const ref = fileOf(c.req.param("id"), c.req.param("kind"));
    const versionId = parseIdParam(c.req.param("versionId"));
    const file = await getFileVersion(c.var.deps, c.var.actor, { ...ref, versionId });
    return c.body(responseBody(file.bytes), 200, ciphertextHeaders(file));
  })
  .put(PATH, binaryBody, requireActor, uploadLimit, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const kind = parseWith(assetFileKindSchema, c.req.param("kind"));
    await checkUploadTarget(c.var.deps, c.var.actor, { assetId: id, kinds: [kind] });
    const data = await readUpload(c.req, kind);
    const file = await withUploadSlot(c.var.deps.database.kind, () =>
      putAssetFile(c.var.deps, c.var.actor, {
        assetId: id,
        kind,
        declaredType: c.req.header(DECLARED_TYPE_HEADER) ?? "",
        data,
      }),
    );
    return c.json({ file: presentFile(file) });
  })
  .put("/assets/:id/files", binaryBody, requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const { input, files } = await readFilesBody(c.req, (kinds) =>
      checkUploadTarget(c.var.deps, c.var.actor, { assetId: id, kinds }),
    );
    const saved = await withUploadSlot(c.var.deps.database.kind, () =>
      updateAssetWithFiles(c.var.deps, c.var.actor, { assetId: id, input, files }),
    );
    return c.json({ asset: presentAsset(saved) });
  })
  .get(PATH, requireActor, async (c) => {
    const file = await getAssetFile(
      c.var.deps,
      c.var.actor,
      fileOf(c.req.param("id"), c.req.param("kind")),
    );
    return c.body(responseBody(file.bytes), 200, ciphertextHeaders(file));
  })
  .delete(PATH, requireActor, async (c) => {
    await deleteAssetFile(c.var.deps, c.var.actor, fileOf(c.req.param("id"), c.req.param("kind")));
    return c.json({ ok: true });
  });
