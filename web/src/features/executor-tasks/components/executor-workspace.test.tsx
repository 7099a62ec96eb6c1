import type { ExecutorEstateView, ExecutorTaskView } from "@common/executor-tasks";
import { TASKS_MSG } from "@common/executor-tasks";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { randomShare } from "@/lib/crypto/beneficiary-keys";
import { toBase64 } from "@/lib/crypto/vault-crypto";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import type { AccessKeys, OpenedWorkspace } from "../use-workspace";
import { openNote, openWorkspace, playbookSourceId, sealNote } from "../workspace-key";
import { ExecutorWorkspace } from "./executor-workspace";
import { MakeTasks } from "./make-tasks";
import { TaskEditor } from "./task-editor";
import { WORKSPACE_KEY_MSG } from "./workspace-key-form";

const ownerId = "owner-1";
const keyId = "8a1c2d3e-0000-4000-8000-000000000001";
const counts = { todo: 1, in_progress: 0, done: 0, not_needed: 0 };
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );

const task = (over: Partial<ExecutorTaskView> = {}): ExecutorTaskView => ({
  id: "0b6c7a3e-0000-4000-8000-00000000000a",
  source: { kind: "entry", id: "e1" },
  action: "close",
  status: "todo",
  dueDate: null,
  assigneeEmail: null,
  note: null,
  proofs: [],
  updatedAt: "2026-12-01T00:00:00.000Z",
  ...over,
});

const estate = (over: Partial<ExecutorEstateView> = {}): ExecutorEstateView => ({
  role: "executor",
  ownerId,
  ownerName: "Olga Owner",
  openUntil: "2027-05-03T12:00:00.000Z",
  workspaceKey: {
    state: "create",
    beneficiaryKeyId: keyId,
    serverShare: toBase64(randomShare()),
    escrowShare: null,
  },
  counts,
  tasks: [task()],
  ...over,
});

/** A workspace key made as the executor's browser makes it (its wrap saved nowhere). */
async function workspace(): Promise<OpenedWorkspace> {
  const ws = await openWorkspace({
    ownerId,
    view: estate().workspaceKey,
    accessKey: randomShare(),
    save: async () => undefined,
  });
  return { ...ws, platformOf: new Map() };
}

const keys = (over: Partial<AccessKeys> = {}): AccessKeys => ({
  get: () => undefined,
  version: 0,
  check: async () => true,
  read: () => randomShare(),
  remember: vi.fn(),
  forget: vi.fn(),
  ...over,
});

describe("making the executor's task list", () => {
  it("adds one task per entry without one (its action from the entry) and one per ticked platform, sealed", async () => {
    const ws = await workspace();
    const fetch = stubFetch(() => json({ added: 3 }, 201));
    const { user } = renderScreen(
      <MakeTasks
        estate={estate()}
        ws={ws}
        entryIds={["e1", "e2", "e3"]}
        openEntry={async (id) => {
          if (id === "e2") return { category: "subscription", action: "close" };
          throw new Error("cannot be opened");
        }}
      />,
    );
    // e1 has its task already
    expect(
      screen.getByText(/Each of the 2 inventory entries left to you without a task/),
    ).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Google" }));
    await user.click(screen.getByRole("button", { name: "Add 3 tasks" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/legacy/tasks");
    const body = JSON.parse(String(init?.body)) as { ownerId: string; tasks: unknown[] };
    expect(body.ownerId).toBe(ownerId);
    const google = await playbookSourceId(ws, "google");
    expect(body.tasks).toEqual(
      expect.arrayContaining([
        { source: { kind: "entry", id: "e2" }, action: "cancel" },
        // an entry that does not open still gets its task
        { source: { kind: "entry", id: "e3" }, action: "review" },
        { source: { kind: "playbook", id: google }, action: "close" },
      ]),
    );
    expect(body.tasks).toHaveLength(3);
    // the platform's name never leaves the browser
    expect(String(init?.body)).not.toContain("google");
  });
});

describe("a task's editor", () => {
  it("opens the sealed note, and sends only what changed with the new note sealed", async () => {
    const ws = await workspace();
    const t = task({ note: await sealNote(ws, task().id, "Bring the certificate") });
    const fetch = stubFetch(() => json({ ok: true }));
    const onSaved = vi.fn();
    const { user } = renderScreen(<TaskEditor task={t} ws={ws} onSaved={onSaved} />);
    const note = await screen.findByLabelText("Note");
    expect((note as HTMLTextAreaElement).value).toBe("Bring the certificate");
    await user.selectOptions(screen.getByLabelText("Status"), "Done");
    await user.clear(note);
    await user.type(note, "Closed on Monday");
    await user.click(screen.getByRole("button", { name: "Save the task" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/legacy/tasks/${t.id}`);
    const body = JSON.parse(String(init?.body)) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(["note", "status"]);
    expect(body.status).toBe("done");
    expect(await openNote(ws, t.id, body.note!)).toBe("Closed on Monday");
  });

  it("names the assignee field when the server refuses the address", async () => {
    const ws = await workspace();
    stubFetch(() =>
      json({ error: { code: "VALIDATION", message: TASKS_MSG.assigneeUnknown } }, 400),
    );
    const onSaved = vi.fn();
    const { user } = renderScreen(<TaskEditor task={task()} ws={ws} onSaved={onSaved} />);
    await user.type(await screen.findByLabelText("Assigned to"), "stranger@example.com");
    await user.click(screen.getByRole("button", { name: "Save the task" }));
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      TASKS_MSG.assigneeUnknown,
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe("the executor's workspace", () => {
  it("asks for the access key before making the key, and refuses one that does not open what was left", async () => {
    const fetch = stubFetch(() => json({ ok: true }));
    const remember = vi.fn();
    const { user } = renderScreen(
      <ExecutorWorkspace
        estate={estate()}
        entries={new Map([["e1", "Chase current account"]])}
        openEntry={async () => ({ category: null, action: null })}
        keys={keys({ check: async () => false, remember })}
      />,
    );
    expect(screen.getByText(WORKSPACE_KEY_MSG.needed)).toBeTruthy();
    await user.type(screen.getByLabelText("Access key"), "a-mistyped-key");
    await user.click(screen.getByRole("button", { name: "Open the workspace" }));
    expect(await screen.findByText(WORKSPACE_KEY_MSG.invalid)).toBeTruthy();
    expect(remember).not.toHaveBeenCalled();
    // nothing was made or saved under the wrong key
    expect(fetchedPaths(fetch)).not.toContain("/api/legacy/tasks/workspace-key");
    // the list is there, with the entry's title
    const tasks = screen.getByRole("list", { name: "Tasks" });
    expect(within(tasks).getByText("Chase current account")).toBeTruthy();
  });

  /** The workspace of an estate whose key another executor keeps. */
  const renderNotShared = () => {
    stubFetch(() => json({ events: [] }));
    renderScreen(
      <ExecutorWorkspace
        estate={estate({ workspaceKey: { state: "not-shared" } })}
        entries={new Map()}
        openEntry={async () => ({ category: null, action: null })}
        keys={keys()}
      />,
    );
  };

  it("says so when another executor keeps the key, and asks for none", () => {
    renderNotShared();
    expect(screen.getByText("Another executor keeps the notes and proofs")).toBeTruthy();
    expect(screen.queryByLabelText("Access key")).toBeNull();
    expect(screen.getByText("An inventory entry that is no longer listed")).toBeTruthy();
  });

  it("says until when the workspace stays open, as the portal does for items", () => {
    renderNotShared();
    const until = screen.getByText("May 3, 2027");
    expect(until.tagName).toBe("TIME");
    expect(until.getAttribute("dateTime")).toBe("2027-05-03T12:00:00.000Z");
    expect(until.parentElement?.textContent).toBe(
      "Open until May 3, 2027, when access to what Olga Owner left ends.",
    );
  });
});
