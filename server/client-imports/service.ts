import { createHash } from "node:crypto";
import {
  CLIENT_IMPORT_MAX_PER_DAY,
  CLIENT_IMPORT_MSG,
  CLIENT_IMPORT_PROBLEMS_SHOWN,
  ClientImportFileError,
  readClientImportFile,
  type ClientImportDetail,
  type ClientImportList,
  type ClientImportRowInput,
  type UploadClientImportInput,
} from "../../common/client-imports.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { presentClientImport, presentProblemRow } from "./present.js";
import {
  countImportsSince,
  countProblems,
  findImport,
  findImportByHash,
  insertImport,
  listImports,
  listProblemRows,
  markSending,
  selectFirmPeople,
  type ClientImport,
} from "./queries.js";
import { findInvitedEmails } from "../invitations/client-batch.js";

/** Importing invites clients: the firm's admins and staff, never a read-only assistant (decision 084). */
const requireImporter = (actor: ActorProfile) => {
  requireAccess(actor, "invitations:send", { firmId: actor.firmId, role: "regular_user" });
  return requireFirm(actor);
};

/** What the firm itself knows of each ready row: its client, its staff, its invitation. */
async function markFirmFacts(tx: Tx, firmId: string, rows: ClientImportRowInput[]) {
  const emails = rows.filter((r) => !r.problem).map((r) => r.email);
  const people = new Map(
    (await selectFirmPeople(tx, firmId, emails)).map((p) => [p.email, p.role]),
  );
  const invited = new Set(await findInvitedEmails(tx, firmId, emails));
  for (const row of rows) {
    if (row.problem) continue;
    const role = people.get(row.email);
    if (role) row.problem = role === "regular_user" ? "already_client" : "already_member";
    else if (invited.has(row.email)) row.problem = "already_invited";
  }
}

/** One import as its screen shows it: the counts and the first problem rows. */
async function detailOf(tx: Tx, row: ClientImport): Promise<ClientImportDetail> {
  const [counts, problems] = await Promise.all([
    countProblems(tx, [row.id]),
    listProblemRows(tx, row.id, CLIENT_IMPORT_PROBLEMS_SHOWN),
  ]);
  return { import: presentClientImport(row, counts), problems: problems.map(presentProblemRow) };
}

/**
 * POST /api/firm/client-imports: reads the file, names each row's problem and keeps the rows (the
 * preview); nobody is invited yet. The same file again answers the import it made before. At most
 * CLIENT_IMPORT_MAX_PER_DAY new files per firm in 24 hours.
 */
export async function uploadClientImport(
  deps: Deps,
  actor: ActorProfile,
  input: UploadClientImportInput,
): Promise<ClientImportDetail & { isNew: boolean }> {
  const firmId = requireImporter(actor);
  const fileHash = createHash("sha256").update(input.csv).digest("hex");
  const existing = await withActor(deps.db, { userId: actor.id }, async (tx) => {
    const found = await findImportByHash(tx, firmId, fileHash);
    return found ? detailOf(tx, found) : null;
  });
  if (existing) return { ...existing, isSameFile: true, isNew: false };
  let rows: ClientImportRowInput[];
  try {
    rows = readClientImportFile(input.csv);
  } catch (err) {
    if (err instanceof ClientImportFileError) throw new AppError("VALIDATION", err.message);
    throw err;
  }
  // Written by the system after the access check, like invitations (lv_app only reads imports).
  const created = await asSystem(deps.db, async (tx) => {
    const since = new Date(deps.clock.now().getTime() - 24 * 3600_000);
    if ((await countImportsSince(tx, firmId, since)) >= CLIENT_IMPORT_MAX_PER_DAY)
      throw new AppError("RATE_LIMITED", CLIENT_IMPORT_MSG.tooMany);
    await markFirmFacts(tx, firmId, rows);
    const row = await insertImport(
      tx,
      {
        firmId,
        createdBy: actor.id,
        fileName: input.fileName,
        fileHash,
        totalRows: rows.length,
        readyRows: rows.filter((r) => !r.problem).length,
      },
      rows,
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: "client_import.uploaded",
      subjectType: "client_import",
      subjectId: row.id,
      firmId,
      details: { rows: row.totalRows, ready: row.readyRows },
    });
    return row;
  });
  const detail = await withActor(deps.db, { userId: actor.id }, (tx) => detailOf(tx, created));
  return { ...detail, isNew: true };
}

/** GET /api/firm/client-imports/:id: the preview, then the progress (404 for another firm's). */
export async function getClientImport(deps: Deps, actor: ActorProfile, id: string) {
  const firmId = requireImporter(actor);
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const row = await findImport(tx, firmId, id);
    if (!row) throw new AppError("NOT_FOUND");
    return detailOf(tx, row);
  });
}

/** GET /api/firm/client-imports: the firm's latest imports, so a screen opened later finds them. */
export async function listClientImports(
  deps: Deps,
  actor: ActorProfile,
): Promise<ClientImportList> {
  const firmId = requireImporter(actor);
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const rows = await listImports(tx, firmId, 20);
    const counts = await countProblems(
      tx,
      rows.map((r) => r.id),
    );
    return {
      imports: rows.map((r) =>
        presentClientImport(
          r,
          counts.filter((c) => c.importId === r.id),
        ),
      ),
    };
  });
}

/**
 * POST /api/firm/client-imports/:id/start: the invitations go out in the background (worker.ts).
 * Starting again, or an import already sent, answers its state and changes nothing.
 */
export async function startClientImport(
  deps: Deps,
  actor: ActorProfile,
  start: { id: string; inviterName: string },
) {
  const { id, inviterName } = start;
  const firmId = requireImporter(actor);
  const current = await getClientImport(deps, actor, id);
  if (current.import.status !== "previewed") return current;
  if (current.import.readyRows === 0)
    throw new AppError("CONFLICT", CLIENT_IMPORT_MSG.nothingToSend);
  await asSystem(deps.db, async (tx) => {
    const started = await markSending(tx, { firmId, id, startedBy: actor.id, inviterName });
    if (!started) return;
    await recordAudit(tx, {
      actorId: actor.id,
      action: "client_import.started",
      subjectType: "client_import",
      subjectId: id,
      firmId,
      details: { invitations: started.readyRows },
    });
  });
  return getClientImport(deps, actor, id);
}
