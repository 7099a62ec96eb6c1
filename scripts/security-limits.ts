// Prints SECURITY.md's "Limits in force" table from the numbers the code enforces; with --write, puts it in SECURITY.md.
// node --import tsx scripts/security-limits.ts [--write]
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LIMITS_END, LIMITS_START, withLimitsTable } from "../server/security-doc.js";
import { renderLimitsTable } from "../server/rate-limit/limits-table.js";

const file = path.join(import.meta.dirname, "..", "SECURITY.md");
if (process.argv.includes("--write")) {
  writeFileSync(file, withLimitsTable(readFileSync(file, "utf8"), renderLimitsTable()));
  console.log(`SECURITY.md: table written between ${LIMITS_START} and ${LIMITS_END}`);
} else {
  console.log(renderLimitsTable());
}
