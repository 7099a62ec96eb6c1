/**
 * A released estate with an executor's workspace (docs/decisions/099), for the task tests: the
 * owner's two estate entries, Emma their executor, Sam a beneficiary; Emma's browser then makes
 * the workspace key and the tasks.
 */
import type { BeneficiaryView } from "../../common/beneficiaries.js";
import type { OffsetClock } from "../../server/clock.js";
import { uniqueEmail, type TestClient, type TestContext } from "../harness.js";
import { buildAsset, dataKeyOf } from "./assets.js";
import { createBeneficiaryKey } from "./beneficiary-keys.js";
import { executorEstate, openWorkspaceKey, playbookSourceId } from "./executor-tasks.js";
import { buildFirm } from "./firm.js";
import { buildInvitedMember } from "./people.js";
import { portalClient, releaseByAttestation } from "./release.js";

/** An owner with two estate entries, Emma their executor, Sam a beneficiary (the car is left to him); released. */
export async function releasedEstate(
  ctx: TestContext,
  clock: OffsetClock,
  beforeRelease?: (
    owner: { client: TestClient },
    dataKey: Awaited<ReturnType<typeof dataKeyOf>>,
  ) => Promise<unknown>,
) {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const dk = await dataKeyOf(owner.client);
  const emma = uniqueEmail("emma");
  const sam = uniqueEmail("sam");
  for (const person of [
    { name: "Emma", email: emma, isExecutor: true },
    { name: "Sam", email: sam },
  ]) {
    const res = await owner.client.json<{ beneficiary: BeneficiaryView }>(
      "POST",
      "/api/beneficiaries",
      person,
    );
    if (res.status !== 201) throw new Error(`POST /api/beneficiaries -> ${res.status}`);
  }
  const entry = (title: string, beneficiaryEmails: string[] = []) =>
    buildAsset(owner.client, {
      type: "estate",
      title,
      beneficiaryEmails,
      content: { category: "bank", institution: title, action: "close" },
      dataKey: dk,
    });
  const bank = await entry("Bank account");
  const car = await entry("Car", [sam]);
  const emmaKey = await createBeneficiaryKey(owner.client, dk, { email: emma, items: [bank, car] });
  await createBeneficiaryKey(owner.client, dk, { email: sam, items: [car] });
  await beforeRelease?.(owner, dk);
  await releaseByAttestation(ctx, clock, { firmAdmin: firm.admin, owner });
  const emmaPortal = await portalClient(ctx, emma);
  return { firm, owner, emma, sam, bank, car, emmaKey, emmaPortal };
}
export type ReleasedEstate = Awaited<ReturnType<typeof releasedEstate>>;

/** Emma's browser: the workspace key, and the tasks of both entries and Facebook's playbook. */
export async function withTasks(v: ReleasedEstate) {
  const estate = await executorEstate(v.emmaPortal, v.owner.id);
  if (estate.workspaceKey.state !== "create")
    throw new Error(`workspace key ${estate.workspaceKey.state}`);
  const wk = await openWorkspaceKey(v.emmaPortal, estate, v.emmaKey.accessKey);
  const made = await v.emmaPortal.json("POST", "/api/legacy/tasks", {
    ownerId: v.owner.id,
    tasks: [
      { source: { kind: "entry", id: v.bank.id }, action: "close", dueDate: "2026-12-31" },
      { source: { kind: "entry", id: v.car.id }, action: "transfer" },
      {
        source: { kind: "playbook", id: await playbookSourceId(wk, "facebook") },
        action: "memorialise",
      },
    ],
  });
  if (made.status !== 201 || JSON.stringify(made.body) !== JSON.stringify({ added: 3 }))
    throw new Error(`POST /api/legacy/tasks -> ${made.status} ${JSON.stringify(made.body)}`);
  const tasks = (await executorEstate(v.emmaPortal, v.owner.id)).tasks;
  const bySource = (id: string) => {
    const t = tasks.find((t) => t.source.id === id);
    if (!t) throw new Error(`no task for ${id}`);
    return t;
  };
  return {
    wk,
    bank: bySource(v.bank.id),
    car: bySource(v.car.id),
    fb: bySource(await playbookSourceId(wk, "facebook")),
  };
}
