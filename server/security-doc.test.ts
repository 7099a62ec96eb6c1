import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderLimitsTable } from "./rate-limit/limits-table.js";
import { limitsTableOf, tableCells } from "./security-doc.js";

const doc = readFileSync(path.join(import.meta.dirname, "..", "SECURITY.md"), "utf8");

describe("SECURITY.md", () => {
  it("states the limits the code enforces (node --import tsx scripts/security-limits.ts --write)", () => {
    const table = limitsTableOf(doc);
    expect(table, "SECURITY.md has no limits markers").not.toBeNull();
    expect(tableCells(table ?? "")).toEqual(tableCells(renderLimitsTable()));
  });

  it("says how to report a vulnerability and who can see what", () => {
    expect(doc).toMatch(/## Reporting a vulnerability/);
    expect(doc).toMatch(/## Threat model/);
  });
});
