import { Hono } from "hono";
import { JSON_BODY_MAX_BYTES } from "../../common/request-limits.js";
import {
  WRAP_ITEMS_MAX,
  createBeneficiaryKeySchema,
  updateBeneficiaryKeySchema,
  wrapItemsSchema,
  type BeneficiaryKeyView,
  type BeneficiaryKeysView,
} from "../../common/keys.js";
import { requireActor } from "../auth/actor.js";
import { jsonBody } from "../http/body-gate.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { presentBeneficiaryKey, presentBeneficiaryKeys } from "./beneficiary-present.js";
import {
  createBeneficiaryKey,
  listBeneficiaryKeys,
  updateBeneficiaryKey,
  wrapBeneficiaryItems,
} from "./beneficiary-service.js";

/** Up to WRAP_ITEMS_MAX items, each at most ~200 characters of JSON (a uuid and a wrapped key of at most 100 bytes). */
const itemsJsonLimit = jsonBody(JSON_BODY_MAX_BYTES + WRAP_ITEMS_MAX * 256);

/** The owner's beneficiary keys (docs/decisions/032): the signed-in user's own, whatever their role. */
export const beneficiaryKeyRoutes = new Hono<AppEnv>()
  .get("/keys/beneficiaries", requireActor, async (c) => {
    const view = await listBeneficiaryKeys(c.var.deps, c.var.actor);
    return c.json<BeneficiaryKeysView>(presentBeneficiaryKeys(view));
  })
  .post("/keys/beneficiaries", requireActor, itemsJsonLimit, async (c) => {
    const input = await parseJson(c, createBeneficiaryKeySchema);
    const key = await createBeneficiaryKey(c.var.deps, c.var.actor, { input, ip: c.var.ip });
    return c.json<BeneficiaryKeyView>(presentBeneficiaryKey(key), 201);
  })
  .put("/keys/beneficiaries/:id/items", requireActor, itemsJsonLimit, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const input = await parseJson(c, wrapItemsSchema);
    return c.json(await wrapBeneficiaryItems(c.var.deps, c.var.actor, { id, input }));
  })
  .patch("/keys/beneficiaries/:id", requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    const input = await parseJson(c, updateBeneficiaryKeySchema);
    const key = await updateBeneficiaryKey(c.var.deps, c.var.actor, { id, input, ip: c.var.ip });
    return c.json<BeneficiaryKeyView>(presentBeneficiaryKey(key));
  });
