import { Hono } from "hono";
import {
  reminderOptOutSchema,
  reminderPreferenceSchema,
  reminderTemplateSchema,
  type ReminderOptOutList,
  type ReminderPreferenceView,
  type ReminderRunView,
  type ReminderSettingsView,
} from "../../common/reminders.js";
import { requireActor } from "../auth/actor.js";
import type { AppEnv } from "../http/context.js";
import { parseIdParam } from "../http/params.js";
import { parseJson } from "../http/validate.js";
import { describeError } from "../logger.js";
import {
  getReminderPreference,
  getReminderRun,
  getReminderSettings,
  listReminderOptOuts,
  optOutByToken,
  saveReminderSettings,
  setReminderPreference,
  startReminderRun,
} from "./service.js";
import { runReminders } from "./worker.js";

/** Reminders to clients with incomplete plans (docs/decisions/100): the firm's side and the client's. */
export const reminderRoutes = new Hono<AppEnv>()
  .get("/firm/reminders", requireActor, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json<ReminderSettingsView>(await getReminderSettings(c.var.deps, c.var.actor));
  })
  .put("/firm/reminders", requireActor, async (c) => {
    const input = await parseJson(c, reminderTemplateSchema);
    return c.json<ReminderSettingsView>(await saveReminderSettings(c.var.deps, c.var.actor, input));
  })
  .post("/firm/reminders/runs", requireActor, async (c) => {
    const deps = c.var.deps;
    const { run, isNew } = await startReminderRun(deps, c.var.actor);
    // the e-mails go out after the answer; the scheduler's sweep finishes what a stop cut short
    void runReminders(deps).catch((err: unknown) =>
      deps.log.warn(`reminders failed: ${describeError(err)}`),
    );
    return c.json<ReminderRunView>(run, isNew ? 201 : 200);
  })
  .get("/firm/reminders/runs/:id", requireActor, async (c) => {
    const id = parseIdParam(c.req.param("id"));
    c.header("Cache-Control", "no-store");
    return c.json<ReminderRunView>(await getReminderRun(c.var.deps, c.var.actor, id));
  })
  .get("/firm/reminders/opt-outs", requireActor, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json<ReminderOptOutList>(await listReminderOptOuts(c.var.deps, c.var.actor));
  })
  .get("/reminders/preference", requireActor, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json<ReminderPreferenceView>(await getReminderPreference(c.var.deps, c.var.actor));
  })
  .put("/reminders/preference", requireActor, async (c) => {
    const input = await parseJson(c, reminderPreferenceSchema);
    return c.json<ReminderPreferenceView>(
      await setReminderPreference(c.var.deps, c.var.actor, input),
    );
  })
  // public: the e-mail's one-click link (rate limited per address in server/rate-limit/rules.ts)
  .post("/reminders/opt-out", async (c) => {
    const { token } = await parseJson(c, reminderOptOutSchema);
    await optOutByToken(c.var.deps, token, c.var.ip ?? null);
    return c.json({ ok: true });
  });
