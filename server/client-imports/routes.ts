import { Hono } from "hono";
import {
  CLIENT_IMPORT_MAX_BYTES,
  uploadClientImportSchema,
  type ClientImportDetail,
  type ClientImportList,
} from "../../common/client-imports.js";
import { JSON_BODY_MAX_BYTES } from "../../common/request-limits.js";
import { requireActor } from "../auth/actor.js";
import { jsonBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { describeError } from "../logger.js";
import { getProfile } from "../profiles/service.js";
import {
  getClientImport,
  listClientImports,
  startClientImport,
  uploadClientImport,
} from "./service.js";
import { runClientImports } from "./worker.js";

/** The file travels as a JSON string: its bytes, escaped, and the file name. */
const uploadLimit = jsonBody(2 * CLIENT_IMPORT_MAX_BYTES + JSON_BODY_MAX_BYTES);

/** A firm imports clients from a CSV file (docs/decisions/094): preview, start, progress. */
export const clientImportRoutes = new Hono<AppEnv>()
  .get("/firm/client-imports", requireActor, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json<ClientImportList>(await listClientImports(c.var.deps, c.var.actor));
  })
  .post("/firm/client-imports", requireActor, uploadLimit, async (c) => {
    const input = await parseJson(c, uploadClientImportSchema);
    const { isNew, ...detail } = await uploadClientImport(c.var.deps, c.var.actor, input);
    return c.json<ClientImportDetail>(detail, isNew ? 201 : 200);
  })
  .get("/firm/client-imports/:id", requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    c.header("Cache-Control", "no-store");
    return c.json<ClientImportDetail>(await getClientImport(c.var.deps, c.var.actor, id));
  })
  .post("/firm/client-imports/:id/start", requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const { profile } = await getProfile(c.var.deps.db, c.var.actor.id);
    const deps = c.var.deps;
    const detail = await startClientImport(deps, c.var.actor, { id, inviterName: profile.name });
    // the invitations go out after the answer; the scheduler's sweep finishes what a stop cut short
    void runClientImports(deps).catch((err: unknown) =>
      deps.log.warn(`client imports failed: ${describeError(err)}`),
    );
    return c.json<ClientImportDetail>(detail);
  });
