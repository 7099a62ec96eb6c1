import { Hono } from "hono";
import { joinFirmSchema } from "../../../common/firm-codes.js";
import type { LeftFirmView } from "../../../common/firm-membership.js";
import { requireActor } from "../../auth/actor.js";
import { presentFirmSummary } from "../../firm-codes/present.js";
import { leaveFirmAsClient } from "../../firms/leave.js";
import type { AppEnv } from "../../http/context.js";
import { parseJson } from "../../http/validate.js";
import { limitFirmCodeMisses } from "../../rate-limit/per-user-middleware.js";
import { cancelFirmAttestation } from "../../release/service.js";
import { forgetFirm } from "../../verifiers/service.js";
import { joinFirmByCode } from "./join-by-code.js";

/**
 * A client joins a firm by its code (firm-codes' look-up, firms' membership) or leaves it (firms'
 * membership, which cancels the release attestation that firm started: release's; and ends the
 * firm's role as the client's verifier: verifiers').
 */
export const firmMembershipRoutes = new Hono<AppEnv>()
  .post("/firms/join", limitFirmCodeMisses, requireActor, async (c) => {
    const { code } = await parseJson(c, joinFirmSchema);
    return c.json({
      firm: presentFirmSummary(await joinFirmByCode(c.var.deps, c.var.actor, code)),
    });
  })
  .post("/firm/leave", requireActor, async (c) => {
    const firm = await leaveFirmAsClient(c.var.deps, c.var.actor, {
      cancelFirmAttestation,
      forgetFirmVerifier: forgetFirm,
    });
    return c.json({ firm } satisfies LeftFirmView);
  });
