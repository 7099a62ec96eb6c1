import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import type { AssetFileKind } from "@common/assets/files";
import { readEstateCsv } from "@common/assets/estate-csv";
import { passwordsExportSchema } from "@common/export";
import { describe, expect, it } from "vitest";
import { openedAssetView } from "@/testing/asset-views";
import { noteMarkdown, readmeText } from "./export-files";
import { planExport, type OpenedItem } from "./plan-export";

const AT = "2026-11-26T12:00:00.000Z";
const asset = (
  title: string,
  type: OpenedAssetView["type"],
  files: AssetFileKind[] = [],
  over: Partial<OpenedAssetView> = {},
): OpenedAssetView =>
  openedAssetView({
    id: `${type}-${title}`,
    type,
    title,
    updatedAt: "2026-02-01T00:00:00.000Z",
    files: files.map((kind) => ({
      kind,
      contentType: "application/pdf",
      size: 100,
      isChunked: false,
    })),
    ...over,
  });
const password = (title: string, over: Partial<OpenedAssetView> = {}): OpenedItem => ({
  type: "password",
  asset: asset(title, "password", [], over),
  content: { username: "ada", password: `pw-${title}`, website: "", notes: "" },
});
const doc = (title: string, fileName: string, notes = ""): OpenedItem => ({
  type: "document",
  asset: asset(title, "document", ["document"]),
  content: { fileName, contentType: "application/pdf", fileSize: 100, notes },
});
const note = (title: string, files: AssetFileKind[], text = "Dear Sam"): OpenedItem => ({
  type: "note",
  asset: asset(title, "note", files),
  content: {
    text,
    audioRecording: files.includes("recording") ? { duration: 3, contentType: "audio/webm" } : null,
    attachment: files.includes("attachment")
      ? { fileName: "map.png", contentType: "image/png", fileSize: 10 }
      : null,
  },
});

describe("planExport", () => {
  it("writes the estate inventory as the CSV its import reads back, only when there is one", () => {
    const content = {
      category: "pension" as const,
      institution: "Acme Pensions",
      reference: "PX-1",
      contact: "+44 20 0000 0000",
      action: "transfer" as const,
      instructions: "Sam is named.",
    };
    const plan = planExport(
      [password("Mail"), { type: "estate", asset: asset("Work pension", "estate"), content }],
      AT,
    );
    const csv = plan.texts.find((t) => t.path === "estate-inventory.csv")?.text ?? "";
    expect(readEstateCsv(csv)).toEqual({
      entries: [{ row: 2, title: "Work pension", content }],
      problems: [],
    });
    expect(planExport([password("Mail")], AT).texts.map((t) => t.path)).not.toContain(
      "estate-inventory.csv",
    );
  });

  it("writes the final wishes as text, a heading per written section, only when there are some", () => {
    const content = {
      disposition: "cremation" as const,
      organDonation: null,
      place: "",
      ceremony: "Humanist",
      music: "",
      readings: "",
      callFirst: "Jo",
      decider: "",
      other: "",
    };
    const plan = planExport(
      [password("Mail"), { type: "wishes", asset: asset("Final wishes", "wishes"), content }],
      AT,
    );
    expect(plan.texts.find((t) => t.path === "final-wishes.txt")?.text).toBe(
      "Final wishes\n\nBurial or cremation\nCremation\n\nThe ceremony\nHumanist\n\nWho to call first\nJo\n",
    );
    expect(planExport([password("Mail")], AT).texts.map((t) => t.path)).not.toContain(
      "final-wishes.txt",
    );
  });

  it("writes passwords.json in the common format, empty fields as null", () => {
    const plan = planExport(
      [password("Mail"), password("Bank", { beneficiaryEmails: ["sam@example.com"] })],
      AT,
    );
    const json = plan.texts.find((t) => t.path === "passwords.json");
    const parsed = passwordsExportSchema.parse(JSON.parse(json?.text ?? ""));
    expect(parsed.format).toBe("legacy-vault-passwords");
    expect(parsed.version).toBe(2);
    expect(parsed.items).toEqual([
      {
        title: "Bank",
        username: "ada",
        password: "pw-Bank",
        url: null,
        notes: null,
        beneficiaryEmails: ["sam@example.com"],
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-02-01T00:00:00.000Z",
      },
      expect.objectContaining({ title: "Mail", password: "pw-Mail" }),
    ]);
    const csv = plan.texts.find((t) => t.path === "passwords.csv")?.text;
    expect(csv?.split("\r\n")[1]).toBe("Bank,,ada,pw-Bank,");
  });

  it("puts documents under their own names, numbered when two share one, notes beside them", () => {
    const plan = planExport(
      [
        doc("Will", "will.pdf", "In the safe"),
        doc("Old will", "Will.pdf"),
        doc("Deed", "../deed.pdf"),
      ],
      AT,
    );
    expect(plan.files.map((f) => f.path)).toEqual([
      "documents/_deed.pdf",
      "documents/Will.pdf",
      "documents/will (2).pdf",
    ]);
    expect(plan.files[0]).toMatchObject({ kind: "document", contentType: "application/pdf" });
    // In title order: "Old will" (Will.pdf) comes before "Will" (will.pdf, with notes).
    const notes = plan.texts.filter((t) => t.path.startsWith("documents/"));
    expect(notes.map((t) => t.path)).toEqual(["documents/will (2) (notes).txt"]);
    expect(notes[0]?.text).toBe('Notes on "Will" (will (2).pdf)\n\nIn the safe\n');
  });

  it("writes each note as Markdown with its files in a folder of the same name", () => {
    const plan = planExport([note("Letter", ["recording", "attachment"]), note("Letter", [])], AT);
    expect(plan.texts.map((t) => t.path)).toEqual([
      "passwords.json",
      "passwords.csv",
      "notes/Letter.md",
      "notes/Letter (2).md",
    ]);
    expect(plan.files.map((f) => [f.path, f.kind, f.contentType])).toEqual([
      ["notes/Letter/recording.webm", "recording", "audio/webm"],
      ["notes/Letter/map.png", "attachment", "image/png"],
    ]);
    const md = plan.texts[2]?.text ?? "";
    expect(md).toContain("# Letter\n");
    expect(md).toContain("Dear Sam\n");
    expect(md).toContain("- [Voice recording](<Letter/recording.webm>)");
    expect(md).toContain("- [map.png](<Letter/map.png>)");
  });

  it("leaves out a file the item names but the server does not hold", () => {
    const item = note("Letter", ["attachment"]);
    const plan = planExport([{ ...item, asset: { ...item.asset, files: [] } } as OpenedItem], AT);
    expect(plan.files).toEqual([]);
    expect(plan.texts[2]?.text).not.toContain("## Files");
  });
});

describe("noteMarkdown", () => {
  it("names the beneficiary and the dates, and escapes brackets in link labels", () => {
    const md = noteMarkdown({
      asset: asset("For Sam", "note", [], { beneficiaryEmails: ["sam@example.com"] }),
      text: "Line 1\nLine 2\n\n",
      folder: "For Sam",
      files: [{ label: "a [draft].txt", name: "a [draft].txt" }],
    });
    expect(md).toBe(
      [
        "# For Sam",
        "",
        "- Beneficiaries: sam@example.com",
        "- Created: 2026-01-01T00:00:00.000Z",
        "- Updated: 2026-02-01T00:00:00.000Z",
        "",
        "Line 1\nLine 2",
        "",
        "## Files",
        "",
        "- [a \\[draft\\].txt](<For Sam/a [draft].txt>)",
        "",
      ].join("\n"),
    );
  });
});

describe("readmeText", () => {
  it("says the archive is not encrypted, what it holds and what is missing", () => {
    const text = readmeText({
      exportedAt: AT,
      email: "ada@example.com",
      counts: { passwords: 2, documents: 1, notes: 0 },
      failures: ['"Will" (document): its file: Not found'],
    });
    expect(text).toContain("THIS ARCHIVE IS NOT ENCRYPTED.");
    expect(text).toContain("Items: 2 passwords, 1 documents, 0 notes");
    expect(text).toContain("passwords.csv");
    expect(text).toContain('- "Will" (document): its file: Not found');
    expect(
      readmeText({
        exportedAt: AT,
        email: "a@b.c",
        counts: { passwords: 0, documents: 0, notes: 0 },
        failures: [],
      }),
    ).not.toContain("Not in this archive");
  });
});
