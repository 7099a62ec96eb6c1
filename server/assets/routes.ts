import { Hono } from "hono";
import {
  ASSET_JSON_MAX_BYTES,
  ASSET_TITLES_JSON_MAX_BYTES,
  assetContentsQuerySchema,
  assetFavoriteSchema,
  assetListQuerySchema,
  assetTitlesSchema,
  createAssetSchema,
  updateAssetSchema,
} from "../../common/assets.js";
import { requireActor } from "../auth/actor.js";
import { jsonBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson, parseWith } from "../http/validate.js";
import { presentAsset, presentAssetContent, presentAssetWithContent } from "./present.js";
import {
  createAsset,
  deleteAsset,
  getAsset,
  listAssets,
  listContents,
  markUsed,
  moveTitles,
  setFavorite,
  updateAsset,
} from "./service.js";

/** base64 of the largest content, the key and the other fields (the body gate enforces it before anything reads the body). */
const jsonLimit = jsonBody(ASSET_JSON_MAX_BYTES);

export const assetRoutes = new Hono<AppEnv>()
  .get("/assets", requireActor, async (c) => {
    const query = parseWith(assetListQuerySchema, c.req.query());
    const body = await listAssets(c.var.deps, c.var.actor, query);
    return c.body(body, 200, { "content-type": "application/json" });
  })
  .get("/assets/contents", requireActor, async (c) => {
    const query = parseWith(assetContentsQuerySchema, c.req.query());
    const page = await listContents(c.var.deps, c.var.actor, query);
    return c.json({ contents: page.contents.map(presentAssetContent), next: page.next });
  })
  .post("/assets", requireActor, jsonLimit, async (c) => {
    const input = await parseJson(c, createAssetSchema);
    return c.json({ asset: presentAsset(await createAsset(c.var.deps, c.var.actor, input)) }, 201);
  })
  .post("/assets/titles", requireActor, jsonBody(ASSET_TITLES_JSON_MAX_BYTES), async (c) => {
    const input = await parseJson(c, assetTitlesSchema);
    return c.json(await moveTitles(c.var.deps, c.var.actor, input));
  })
  .get("/assets/:id", requireActor, async (c) => {
    const asset = await getAsset(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")));
    return c.json({ asset: presentAssetWithContent(asset) });
  })
  .patch("/assets/:id", requireActor, jsonLimit, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const input = await parseJson(c, updateAssetSchema);
    return c.json({
      asset: presentAsset(await updateAsset(c.var.deps, c.var.actor, { id, input })),
    });
  })
  .patch("/assets/:id/favorite", requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const { isFavorite } = await parseJson(c, assetFavoriteSchema);
    return c.json({
      asset: presentAsset(await setFavorite(c.var.deps, c.var.actor, { id, isFavorite })),
    });
  })
  .post("/assets/:id/used", requireActor, async (c) => {
    await markUsed(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")));
    return c.json({ ok: true });
  })
  .delete("/assets/:id", requireActor, async (c) => {
    await deleteAsset(c.var.deps, c.var.actor, parseIdParam(c.req.param("id")));
    return c.json({ ok: true });
  });
