import { Hono, type Context } from "hono";
import {
  escalationAnswerSchema,
  firmEscalationAnswerSchema,
  fineLinkSchema,
  firmReportActionSchema,
  firmReportSchema,
  makeReportSchema,
  reportActionSchema,
  reportCodeRequestSchema,
  reportDeskSchema,
  reportSignInSchema,
} from "../../common/verifier-reports.js";
import { requireActor, type ActorEnv } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { perUserLimit } from "../rate-limit/per-user-middleware.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import { answerByPerson, answerForFirm } from "./escalation.js";
import { actByPerson, getDesk, makeByPerson, requestCode, signIn } from "./public.js";
import { actForFirm, fineByLink, fineByOwner, getFirmReport, getOwnReport } from "./service.js";

const limitFirm = perUserLimit("verifier-report", PER_USER_LIMITS.verifierReport);
const clientId = (id: string | undefined) => parseIdParam(id, "user");

async function firmAction(c: Context<AppEnv & ActorEnv>, type: "confirm" | "heard") {
  const { reportId } = await parseJson(c, firmReportActionSchema);
  const id = clientId(c.req.param("id"));
  return actForFirm(c.var.deps, c.var.actor, {
    clientId: id,
    ip: c.var.ip,
    action: { type, reportId },
  });
}

async function personAction(c: Context<AppEnv>, action: "confirm" | "heard") {
  const input = await parseJson(c, reportActionSchema);
  await actByPerson(c.var.deps, { ...input, ip: c.var.ip }, action);
}

/**
 * Reports of a death or incapacity (docs/decisions/082): the owner's view and "I'm fine", the
 * firm admins' actions on the client's page, and a person verifier's page without an account
 * (every public route limited per address: rules.ts).
 */
export const verifierReportRoutes = new Hono<AppEnv>()
  .get("/reports", requireActor, async (c) => c.json(await getOwnReport(c.var.deps, c.var.actor)))
  .post("/reports/fine", requireActor, async (c) =>
    c.json(await fineByOwner(c.var.deps, c.var.actor)),
  )
  .post("/reports/fine-link", async (c) => {
    await fineByLink(c.var.deps, (await parseJson(c, fineLinkSchema)).token);
    return c.json({ ok: true });
  })
  .get("/clients/:id/report", requireActor, async (c) =>
    c.json(await getFirmReport(c.var.deps, c.var.actor, clientId(c.req.param("id")))),
  )
  .post("/clients/:id/report", requireActor, limitFirm, async (c) => {
    const { kind, note } = await parseJson(c, firmReportSchema);
    const id = clientId(c.req.param("id"));
    return c.json(
      await actForFirm(c.var.deps, c.var.actor, {
        clientId: id,
        ip: c.var.ip,
        action: { type: "make", kind, note },
      }),
    );
  })
  .post("/clients/:id/report/confirm", requireActor, limitFirm, async (c) =>
    c.json(await firmAction(c, "confirm")),
  )
  .post("/clients/:id/report/heard", requireActor, limitFirm, async (c) =>
    c.json(await firmAction(c, "heard")),
  )
  // public: a person verifier without an account
  .post("/verifier/report/code", async (c) => {
    await requestCode(c.var.deps, (await parseJson(c, reportCodeRequestSchema)).email);
    return c.json({ ok: true });
  })
  .post("/verifier/report/sign-in", async (c) => {
    const input = await parseJson(c, reportSignInSchema);
    c.header("Cache-Control", "no-store");
    return c.json(await signIn(c.var.deps, { ...input, ip: c.var.ip }));
  })
  .post("/verifier/report/desk", async (c) => {
    const { session } = await parseJson(c, reportDeskSchema);
    c.header("Cache-Control", "no-store");
    return c.json(await getDesk(c.var.deps, session));
  })
  .post("/verifier/report/make", async (c) => {
    await makeByPerson(c.var.deps, { ...(await parseJson(c, makeReportSchema)), ip: c.var.ip });
    return c.json({ ok: true });
  })
  .post("/verifier/report/confirm", async (c) => {
    await personAction(c, "confirm");
    return c.json({ ok: true });
  })
  .post("/verifier/report/heard", async (c) => {
    await personAction(c, "heard");
    return c.json({ ok: true });
  })
  // escalation (decision 085): "I reached them" or "I could not reach them"
  .post("/verifier/report/escalation", async (c) => {
    const input = await parseJson(c, escalationAnswerSchema);
    return c.json(await answerByPerson(c.var.deps, { ...input, ip: c.var.ip }));
  })
  .post("/clients/:id/escalation", requireActor, limitFirm, async (c) => {
    const input = await parseJson(c, firmEscalationAnswerSchema);
    const id = clientId(c.req.param("id"));
    return c.json(
      await answerForFirm(c.var.deps, c.var.actor, { ...input, clientId: id, ip: c.var.ip }),
    );
  });
