import { Hono } from "hono";
import { z } from "zod";
import { assetFileKindSchema } from "../../common/assets/files.js";
import { createFileUploadSchema } from "../../common/assets/file-uploads.js";
import { requireActor } from "../auth/actor.js";
import { binaryBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { AppError } from "../errors.js";
import { parseIdParam } from "../http/params.js";
import { sizedBody } from "../http/sized-body.js";
import { parseJson, parseWith } from "../http/validate.js";
import {
  completeFileUpload,
  createFileUpload,
  getFileUpload,
  putFileChunk,
} from "./file-uploads.js";
import { presentFile } from "./present.js";
import { declaredLength, requireOctetStream } from "./upload-middleware.js";

/* Files uploaded in encrypted chunks, resumable (docs/decisions/108-chunked-uploads.md). */

const UPLOADS = "/assets/:id/files/:kind{(?:document|recording|attachment|media)}/uploads";
const UPLOAD = `${UPLOADS}/:uploadId`;
/** A chunk's number: digits only (anything else cannot exist, 404 as a missing one). */
const chunkIndexSchema = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number);

const fileOf = (id: string, kind: string) => ({
  assetId: parseIdParam(id),
  kind: parseWith(assetFileKindSchema, kind),
});
const uploadOf = (params: { id: string; kind: string; uploadId: string }) => ({
  ...fileOf(params.id, params.kind),
  uploadId: parseIdParam(params.uploadId),
});

export const assetUploadRoutes = new Hono<AppEnv>()
  .post(UPLOADS, requireActor, async (c) => {
    const input = await parseJson(c, createFileUploadSchema);
    const ref = fileOf(c.req.param("id"), c.req.param("kind"));
    return c.json(await createFileUpload(c.var.deps, c.var.actor, { ...ref, input }), 201);
  })
  .get(UPLOAD, requireActor, async (c) =>
    c.json(await getFileUpload(c.var.deps, c.var.actor, uploadOf(c.req.param()))),
  )
  .put(`${UPLOAD}/chunks/:index`, binaryBody, requireActor, async (c) => {
    const ref = uploadOf(c.req.param());
    const index = chunkIndexSchema.safeParse(c.req.param("index"));
    if (!index.success) throw new AppError("NOT_FOUND");
    requireOctetStream(c.req);
    const view = await putFileChunk(c.var.deps, c.var.actor, {
      ...ref,
      index: index.data,
      declaredBytes: declaredLength(c.req),
      readBody: (size) => sizedBody(c.req.raw.body, size),
    });
    return c.json(view);
  })
  .post(`${UPLOAD}/complete`, requireActor, async (c) => {
    const file = await completeFileUpload(c.var.deps, c.var.actor, uploadOf(c.req.param()));
    return c.json({ file: presentFile(file) });
  });
