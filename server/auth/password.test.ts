import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from "./password.js";

const ROOT = path.join(import.meta.dirname, "..", "..");

describe("password hashing", () => {
  it("is argon2id at OWASP's cost (m=19 MiB, t=2, p=1)", () => {
    expect(ARGON2_OPTIONS).toEqual({
      algorithm: 2,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
  });

  it("hashes at that cost in a process that has not lowered it for tests (as the server)", async () => {
    const script = `import { hashPassword } from "./server/auth/password.ts";
      process.stdout.write(await hashPassword("Tangerine-Harbour-42"));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { cwd: ROOT },
    );
    expect(stdout).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ hash: stdout, password: "Tangerine-Harbour-42" })).toBe(true);
    expect(await verifyPassword({ hash: stdout, password: "Tangerine-Harbour-43" })).toBe(false);
  });

  it("in these tests, at the lower cost of test/password-cost.ts", async () => {
    expect(await hashPassword("Tangerine-Harbour-42")).toMatch(
      /^\$argon2id\$v=19\$m=1024,t=1,p=1\$/,
    );
  });
});
