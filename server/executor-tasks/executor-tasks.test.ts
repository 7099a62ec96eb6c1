import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  TASKS_MSG,
  taskProofContext,
  type ExecutorProgressView,
  type FamilyEstateView,
  type TaskTimelineView,
} from "../../common/executor-tasks.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  releasedEstate as releasedEstateIn,
  withTasks,
} from "../../test/factories/executor-estate.js";
import {
  executorEstate,
  listTasks,
  openNote,
  openWith,
  openWorkspaceKey,
  playbookSourceId,
  sealNote,
  sealWith,
} from "../../test/factories/executor-tasks.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { portalClient } from "../../test/factories/release.js";
import {
  createTestContext,
  rowsOf,
  TestClient,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";

/**
 * The executor's workspace after a release (docs/decisions/099): the executor's browser makes the
 * tasks, seals notes and proofs under a workspace key only it can open; the family reads progress
 * only; the owner's firm counts; nobody else reaches anything.
 */
let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());
const releasedEstate = () => releasedEstateIn(ctx, clock);

describe("the executor's tasks", () => {
  it("the executor makes the tasks once, changes status, due date and assignee, and seals a note only their key opens", async () => {
    const v = await releasedEstate();
    const t = await withTasks(v);
    expect(t.bank).toMatchObject({ action: "close", status: "todo", dueDate: "2026-12-31" });
    // generating again (a reload, a co-executor) adds nothing
    const again = await v.emmaPortal.json("POST", "/api/legacy/tasks", {
      ownerId: v.owner.id,
      tasks: [{ source: { kind: "entry", id: v.bank.id }, action: "close" }],
    });
    expect(again.body).toEqual({ added: 0 });
    // a platform's name in clear is refused: the source must be the sealed reference
    const clear = await v.emmaPortal.json("POST", "/api/legacy/tasks", {
      ownerId: v.owner.id,
      tasks: [{ source: { kind: "playbook", id: "facebook" }, action: "memorialise" }],
    });
    expect(clear.status).toBe(400);
    // an entry must be one of this estate's inventory entries: not a made-up id, nor another kind
    // of item, nor another owner's entry; the whole request is refused
    const otherOwner = await buildInvitedMember(ctx, v.firm.admin, "regular_user", "Other Owner");
    const theirs = await buildAsset(otherOwner.client, {
      type: "estate",
      title: "Their bank",
      content: { category: "bank", institution: "Their bank", action: "close" },
      dataKey: await dataKeyOf(otherOwner.client),
    });
    const password = await buildAsset(v.owner.client, {
      type: "password",
      title: "Bank login",
      content: { username: "olga", password: "x", website: "", notes: "" },
      dataKey: await dataKeyOf(v.owner.client),
    });
    for (const id of [randomUUID(), theirs.id, password.id]) {
      const res = await v.emmaPortal.json("POST", "/api/legacy/tasks", {
        ownerId: v.owner.id,
        tasks: [
          {
            source: { kind: "playbook", id: await playbookSourceId(t.wk, "google") },
            action: "close",
          },
          { source: { kind: "entry", id }, action: "close" },
        ],
      });
      expect(res).toMatchObject({
        status: 400,
        body: { error: { message: TASKS_MSG.notAnEntry } },
      });
    }
    expect((await executorEstate(v.emmaPortal, v.owner.id)).tasks).toHaveLength(3);

    const secret = `Sort code 12-34-56 ${randomUUID()}`;
    const patch = await v.emmaPortal.json("PATCH", `/api/legacy/tasks/${t.bank.id}`, {
      status: "in_progress",
      dueDate: "2027-01-15",
      assigneeEmail: v.sam.toUpperCase(),
      note: await sealNote(t.wk, t.bank.id, secret),
    });
    expect(patch.status).toBe(200);
    // an assignee must be one of the owner's people
    const stranger = await v.emmaPortal.json("PATCH", `/api/legacy/tasks/${t.bank.id}`, {
      assigneeEmail: uniqueEmail("stranger"),
    });
    expect(stranger.status).toBe(400);

    // reloaded: the workspace key opens from its wrap, and the note with it
    const estate = await executorEstate(v.emmaPortal, v.owner.id);
    expect(estate.workspaceKey.state).toBe("wrapped");
    const wk = await openWorkspaceKey(v.emmaPortal, estate, v.emmaKey.accessKey);
    const bank = estate.tasks.find((x) => x.id === t.bank.id);
    expect(bank).toMatchObject({
      status: "in_progress",
      dueDate: "2027-01-15",
      assigneeEmail: v.sam,
    });
    expect(await openNote(wk, t.bank.id, bank?.note ?? "")).toBe(secret);
    expect(estate.counts).toEqual({ todo: 2, in_progress: 1, done: 0, not_needed: 0 });
    // another access key does not open the workspace key
    await expect(openWorkspaceKey(v.emmaPortal, estate, randomBytes(32))).rejects.toThrow();

    // the timeline: structure, never the note
    const timeline = await v.emmaPortal.json<TaskTimelineView>(
      "GET",
      `/api/legacy/tasks/timeline?ownerId=${v.owner.id}`,
    );
    expect(
      timeline.body.events
        .filter((e) => e.taskId === t.bank.id)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(["assignee", "created", "due_date", "note", "status"]);
    // the database holds the note sealed: no clear text anywhere in the task tables
    const dump = JSON.stringify(
      rowsOf(
        await ctx.services.deps.db.execute(
          sql`select t.*, e.* from executor_tasks t left join executor_task_events e on e.task_id = t.id where t.owner_id = ${v.owner.id}`,
        ),
      ),
    );
    expect(dump).not.toContain("Sort code");
  });

  it("a beneficiary who is not the executor reads progress only, and changes only the status of a task assigned to them", async () => {
    const v = await releasedEstate();
    const t = await withTasks(v);
    await v.emmaPortal.json("PATCH", `/api/legacy/tasks/${t.car.id}`, {
      assigneeEmail: v.sam,
      note: await sealNote(t.wk, t.car.id, "Logbook in the desk"),
    });
    const samPortal = await portalClient(ctx, v.sam);
    const { estates } = await listTasks(samPortal);
    expect(estates).toHaveLength(1);
    const family = estates[0] as FamilyEstateView;
    expect(family).toMatchObject({
      role: "family",
      ownerName: "Olga Owner",
      assignedTaskIds: [t.car.id],
    });
    expect(family.tasks.map((x) => Object.keys(x).sort())[0]).toEqual([
      "action",
      "dueDate",
      "id",
      "status",
    ]);
    const text = JSON.stringify(family);
    for (const hidden of [v.bank.id, v.car.id, v.emma, "workspaceKey", "note"])
      expect(text).not.toContain(hidden);

    // the assignee marks their task done; nothing else
    expect(
      (await samPortal.json("PATCH", `/api/legacy/tasks/${t.car.id}`, { status: "done" })).status,
    ).toBe(200);
    for (const body of [
      { note: await sealNote(t.wk, t.car.id, "x") },
      { dueDate: "2027-02-01" },
      { assigneeEmail: v.sam },
    ])
      expect((await samPortal.json("PATCH", `/api/legacy/tasks/${t.car.id}`, body)).status).toBe(
        404,
      );
    expect(
      (await samPortal.json("PATCH", `/api/legacy/tasks/${t.bank.id}`, { status: "done" })).status,
    ).toBe(404);
    expect(
      (await samPortal.json("GET", `/api/legacy/tasks/timeline?ownerId=${v.owner.id}`)).status,
    ).toBe(404);
    expect(
      (
        await samPortal.json("POST", "/api/legacy/tasks", {
          ownerId: v.owner.id,
          tasks: [{ source: { kind: "entry", id: randomUUID() }, action: "close" }],
        })
      ).status,
    ).toBe(404);
    // nor the proofs of a task assigned to them
    const proofId = randomUUID();
    const put = await v.emmaPortal.send(
      "PUT",
      `/api/legacy/tasks/${t.car.id}/proofs/${proofId}`,
      await sealWith(t.wk, taskProofContext(t.car.id, proofId), Buffer.from("logbook")),
      { "content-type": "application/octet-stream" },
    );
    expect(put.status).toBe(201);
    for (const method of ["GET", "DELETE"])
      expect(
        (await samPortal.request(method, `/api/legacy/tasks/${t.car.id}/proofs/${proofId}`)).status,
      ).toBe(404);
    const samPut = await samPortal.send(
      "PUT",
      `/api/legacy/tasks/${t.car.id}/proofs/${randomUUID()}`,
      randomBytes(64),
      { "content-type": "application/octet-stream" },
    );
    expect(samPut.status).toBe(404);
    const estate = await executorEstate(v.emmaPortal, v.owner.id);
    expect(estate.tasks.find((x) => x.id === t.car.id)?.status).toBe("done");
    expect(estate.tasks.find((x) => x.id === t.car.id)?.proofs).toHaveLength(1);
  });

  it("someone else cannot: another estate's executor, the firm's admin, another firm's staff, signed out", async () => {
    const v = await releasedEstate();
    const t = await withTasks(v);
    const proofId = randomUUID();
    await v.emmaPortal.send(
      "PUT",
      `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`,
      await sealWith(t.wk, taskProofContext(t.bank.id, proofId), Buffer.from("letter")),
      { "content-type": "application/octet-stream" },
    );
    const other = await releasedEstate();
    const otherStaff = await buildInvitedMember(ctx, other.firm.admin, "firm_staff", "Stan Staff");
    // the other release moved the clock on past Emma's portal session: she signs in again
    v.emmaPortal = await portalClient(ctx, v.emma);
    const outsiders = [other.emmaPortal, v.firm.admin, otherStaff.client];
    for (const client of outsiders) {
      const listed = await client.json<{ estates: { ownerId: string }[] }>(
        "GET",
        "/api/legacy/tasks",
      );
      expect(listed.body.estates.map((e) => e.ownerId)).not.toContain(v.owner.id);
      const tries = [
        client.request("PATCH", `/api/legacy/tasks/${t.bank.id}`, { status: "done" }),
        client.request("POST", "/api/legacy/tasks", {
          ownerId: v.owner.id,
          tasks: [{ source: { kind: "entry", id: randomUUID() }, action: "close" }],
        }),
        client.request("GET", `/api/legacy/tasks/timeline?ownerId=${v.owner.id}`),
        client.request("PUT", "/api/legacy/tasks/workspace-key", {
          ownerId: v.owner.id,
          beneficiaryKeyId: randomUUID(),
          wrappedKey: randomBytes(60).toString("base64"),
        }),
        client.request("GET", `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`),
        client.request("DELETE", `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`),
        client.send(
          "PUT",
          `/api/legacy/tasks/${t.bank.id}/proofs/${randomUUID()}`,
          randomBytes(64),
          { "content-type": "application/octet-stream" },
        ),
        client.request("PATCH", `/api/legacy/tasks/${randomUUID()}`, { status: "done" }),
      ];
      for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
    }
    // nothing changed
    const estate = await executorEstate(v.emmaPortal, v.owner.id);
    expect(estate.tasks.map((x) => x.status)).toEqual(["todo", "todo", "todo"]);
    expect(estate.tasks.find((x) => x.id === t.bank.id)?.proofs).toHaveLength(1);

    // the owner's firm sees counts, never content; another firm's staff not even those
    const progress = await v.firm.admin.json<ExecutorProgressView>(
      "GET",
      `/api/clients/${v.owner.id}/executor-progress`,
    );
    expect(progress.body).toEqual({
      hasTasks: true,
      counts: { todo: 3, in_progress: 0, done: 0, not_needed: 0 },
    });
    expect(
      (await otherStaff.client.json("GET", `/api/clients/${v.owner.id}/executor-progress`)).status,
    ).toBe(404);
    const signedOut = new TestClient(ctx);
    expect((await signedOut.json("GET", "/api/legacy/tasks")).status).toBe(401);
    expect(
      (await signedOut.json("GET", `/api/clients/${v.owner.id}/executor-progress`)).status,
    ).toBe(401);
  });

  it("a proof is sealed in the browser, opens with the workspace key, and an upload cut off leaves the others as they were", async () => {
    const v = await releasedEstate();
    const t = await withTasks(v);
    const proofId = randomUUID();
    const letter = Buffer.from(`%PDF-1.4 closure letter ${randomUUID()}`);
    const sealed = await sealWith(t.wk, taskProofContext(t.bank.id, proofId), letter);
    const put = await v.emmaPortal.send(
      "PUT",
      `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`,
      sealed,
      {
        "content-type": "application/octet-stream",
      },
    );
    expect(put.status).toBe(201);
    const got = await v.emmaPortal.send(
      "GET",
      `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`,
      undefined,
    );
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(await openWith(t.wk, taskProofContext(t.bank.id, proofId), bytes)).toEqual(letter);

    // the connection drops mid-upload: the stream errors after its first bytes
    const cutId = randomUUID();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(sealed.subarray(0, 10)));
        controller.error(new Error("connection reset"));
      },
    });
    const cut = await v.emmaPortal.send(
      "PUT",
      `/api/legacy/tasks/${t.bank.id}/proofs/${cutId}`,
      stream,
      {
        "content-type": "application/octet-stream",
        "content-length": String(sealed.length),
      },
      { duplex: "half" },
    );
    expect(cut.status).toBeGreaterThanOrEqual(400);
    // a body shorter than it said
    const short = await v.emmaPortal.send(
      "PUT",
      `/api/legacy/tasks/${t.bank.id}/proofs/${cutId}`,
      sealed.subarray(0, 20),
      {
        "content-type": "application/octet-stream",
        "content-length": String(sealed.length),
      },
    );
    expect(short.status).toBe(400);
    const proofs = (await executorEstate(v.emmaPortal, v.owner.id)).tasks.find(
      (x) => x.id === t.bank.id,
    )?.proofs;
    expect(proofs?.map((p) => p.id)).toEqual([proofId]);

    // not ciphertext-shaped, too large by its length: refused before reading
    const plain = await v.emmaPortal.send(
      "PUT",
      `/api/legacy/tasks/${t.bank.id}/proofs/${randomUUID()}`,
      "hello",
      { "content-type": "text/plain" },
    );
    expect(plain.status).toBe(415);
    const huge = await v.emmaPortal.send(
      "PUT",
      `/api/legacy/tasks/${t.bank.id}/proofs/${randomUUID()}`,
      randomBytes(64),
      {
        "content-type": "application/octet-stream",
        "content-length": String(11 * 1024 * 1024),
      },
    );
    expect(huge.status).toBe(413);

    const del = await v.emmaPortal.json(
      "DELETE",
      `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`,
    );
    expect(del.status).toBe(200);
  });

  it("500 tasks load in one request", async () => {
    const v = await releasedEstate();
    const estate = await executorEstate(v.emmaPortal, v.owner.id);
    await openWorkspaceKey(v.emmaPortal, estate, v.emmaKey.accessKey);
    // 500 sealed platform references: the server cannot tell them from real ones
    const tasks = Array.from({ length: 500 }, () => ({
      source: {
        kind: "playbook" as const,
        id: `p-${randomBytes(17).toString("base64url").slice(0, 22)}`,
      },
      action: "close" as const,
    }));
    const made = await v.emmaPortal.json("POST", "/api/legacy/tasks", {
      ownerId: v.owner.id,
      tasks,
    });
    expect(made.body).toEqual({ added: 500 });
    const loaded = await executorEstate(v.emmaPortal, v.owner.id);
    expect(loaded.tasks).toHaveLength(500);
    expect(loaded.counts.todo).toBe(500);
  });
});
