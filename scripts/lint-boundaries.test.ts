import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The boundaries of docs/decisions/027-one-shape-per-domain.md, as eslint.config.js states them,
 * fire, with the server's floors (docs/architecture.md, "Floors"): each snippet is linted at a real
 * path of the tree and imports a probe file that this test writes (the rules only judge imports
 * that resolve to a file) and removes afterwards. Nothing is written under server/, which other
 * tests read while this one runs: there the snippet imports files that exist.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const probe = `lint-probe-${process.pid}`;
const created: string[] = [];

function ensureDir(relative: string): void {
  const dir = path.join(root, relative);
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true });
  created.push(dir);
}

function write(relative: string, text: string): void {
  ensureDir(path.dirname(relative));
  writeFileSync(path.join(root, relative), text);
  created.push(path.join(root, relative));
}

let eslint: ESLint;

beforeAll(() => {
  // Feature folders exist before lint reads its config: a zone is made per folder present.
  for (const feature of ["staff", "clients", "legacy", "assets"])
    ensureDir(`web/src/features/${feature}`);
  write(`web/src/features/clients/${probe}.ts`, "export const probe = 1;\n");
  write(`web/src/features/assets/${probe}.ts`, "export const probe = 1;\n");
  write(`web/src/lib/keys/${probe}.ts`, "export const probe = 1;\n");
  write(`web/src/components/keys/${probe}.ts`, "export const probe = 1;\n");
  write(`web/src/testing/${probe}.ts`, "export const probe = 1;\n");
  write(`web/src/app/${probe}.ts`, "export const probe = 1;\n");
  write(`web/src/routes/${probe}.ts`, "export const probe = 1;\n");
  eslint = new ESLint({ cwd: root });
});

afterAll(() => {
  for (const file of created.reverse()) rmSync(file, { recursive: true, force: true });
});

/** The rule ids lint reports for `code` placed at `filePath`. */
async function ruleIds(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

/** A module of the HTTP layer, as it is today. */
const httpModule = readdirSync(path.join(root, "server/http")).find(
  (name) => name.endsWith(".ts") && !name.endsWith(".test.ts"),
);

/** The messages lint gives for `code` placed at `filePath`: which rule of several zones fired. */
async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.message);
}

const rowsAbove = expect.arrayContaining([expect.stringContaining("rows above it")]);

const importOf = (specifier: string) =>
  `import { probe } from "${specifier}";\n\nexport const value = probe;\n`;

describe("lint boundaries (decision 027)", { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature", async () => {
    expect(
      await ruleIds(
        "web/src/features/staff/probe-user.ts",
        importOf(`@/features/clients/${probe}`),
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIds("web/src/features/legacy/probe-user.ts", importOf(`../clients/${probe}`)),
    ).toContain("import-x/no-restricted-paths");
  });

  it("lets a feature import the shared asset layer, and a feature its own files", async () => {
    expect(
      await ruleIds(
        "web/src/features/legacy/probe-user.ts",
        importOf(`@/features/assets/${probe}`),
      ),
    ).toEqual([]);
    expect(await ruleIds("web/src/features/clients/probe-user.ts", importOf(`./${probe}`))).toEqual(
      [],
    );
  });

  it("lets any feature import the key layer lib/keys, which imports no feature or component", async () => {
    expect(
      await ruleIds("web/src/features/assets/probe-user.ts", importOf(`@/lib/keys/${probe}`)),
    ).toEqual([]);
    expect(
      await ruleIds("web/src/features/release/probe-user.ts", importOf(`@/lib/keys/${probe}`)),
    ).toEqual([]);
    expect(
      await ruleIds("web/src/lib/keys/probe-user.ts", importOf(`@/features/assets/${probe}`)),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIds("web/src/lib/keys/probe-user.ts", importOf(`../../features/clients/${probe}`)),
    ).toContain("import-x/no-restricted-paths");
    expect(await ruleIds("web/src/lib/keys/probe-user.ts", importOf(`./${probe}`))).toEqual([]);
    expect(
      await ruleIds("web/src/lib/keys/probe-user.ts", importOf(`@/components/keys/${probe}`)),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIds("web/src/components/keys/probe-user.tsx", importOf(`@/lib/keys/${probe}`)),
    ).toEqual([]);
  });

  it("refuses product code importing the test doubles of testing/, and lets tests", async () => {
    for (const user of [
      "web/src/features/clients/probe-user.ts",
      "web/src/lib/keys/probe-user.ts",
      "web/src/components/probe-user.tsx",
      "web/src/routes/probe-user.tsx",
      "web/src/app/probe-user.tsx",
    ])
      expect(await ruleIds(user, importOf(`@/testing/${probe}`))).toContain(
        "import-x/no-restricted-paths",
      );
    expect(
      await ruleIds("web/src/lib/keys/probe-user.test.ts", importOf(`@/testing/${probe}`)),
    ).toEqual([]);
    expect(
      await ruleIds("web/src/features/clients/probe-user.test.tsx", importOf(`@/testing/${probe}`)),
    ).toEqual([]);
    expect(await ruleIds("web/src/testing/probe-user.ts", importOf(`./${probe}`))).toEqual([]);
    expect(
      await ruleIds("web/src/testing/probe-user.ts", importOf(`@/features/clients/${probe}`)),
    ).toContain("import-x/no-restricted-paths");
  });

  it("refuses a feature importing app/ or routes/", async () => {
    expect(
      await ruleIds("web/src/features/clients/probe-user.ts", importOf(`@/app/${probe}`)),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIds("web/src/features/assets/probe-user.ts", importOf(`@/routes/${probe}`)),
    ).toContain("import-x/no-restricted-paths");
  });

  it("refuses components/ and lib/ importing a feature or app/", async () => {
    expect(
      await ruleIds("web/src/components/probe-user.tsx", importOf(`@/features/clients/${probe}`)),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIds("web/src/lib/probe-user.ts", importOf(`@/features/assets/${probe}`)),
    ).toContain("import-x/no-restricted-paths");
    expect(await ruleIds("web/src/lib/probe-user.ts", importOf(`@/app/${probe}`))).toContain(
      "import-x/no-restricted-paths",
    );
  });

  it("refuses web and common importing server", async () => {
    expect(
      await ruleIds("web/src/lib/probe-user.ts", importOf("../../../server/errors.js")),
    ).toContain("import-x/no-restricted-paths");
    expect(await ruleIds("common/probe-user.ts", importOf("../server/errors.js"))).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await ruleIds("common/probe-user.ts", importOf(`../web/src/app/${probe}`))).toContain(
      "import-x/no-restricted-paths",
    );
  });

  it("refuses server business code importing server/http, and lets route modules and middleware", async () => {
    expect(httpModule).toBeDefined();
    const http = importOf(`../http/${httpModule?.replace(/\.ts$/, ".js")}`);
    expect(await ruleIds("server/clients/service.ts", http)).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await ruleIds("server/clients/queries.ts", http)).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await ruleIds("server/clients/routes.ts", http)).toEqual([]);
    expect(await ruleIds("server/assets/file-routes.ts", http)).toEqual([]);
    expect(await ruleIds("server/rate-limit/middleware.ts", http)).toEqual([]);
  });

  it("refuses a kernel file importing identity, a domain or a flow", async () => {
    for (const file of ["server/db/probe-user.ts", "server/probe-user.ts"]) {
      const up = file === "server/probe-user.ts" ? "./" : "../";
      for (const higher of [
        "auth/password.js",
        "clients/service.js",
        "flows/registration/register.js",
      ])
        expect(await ruleIds(file, importOf(`${up}${higher}`))).toContain(
          "import-x/no-restricted-paths",
        );
      expect(await ruleIds(file, importOf(`${up}errors.js`))).toEqual([]);
    }
    expect(await ruleIds("server/deps.ts", importOf("./services.js"))).toContain(
      "import-x/no-restricted-paths",
    );
  });

  it("refuses identity importing a domain or a flow, and lets it import the kernel", async () => {
    expect(await ruleIds("server/auth/probe-user.ts", importOf("../clients/service.js"))).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await ruleIds("server/keys/probe-user.ts", importOf("../jobs/scheduler.js"))).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await ruleIds("server/sessions/probe-user.ts", importOf("../db/client.js"))).toEqual([]);
  });

  it("refuses a domain importing a flow", async () => {
    expect(
      await ruleIds("server/clients/probe-user.ts", importOf("../flows/registration/register.js")),
    ).toContain("import-x/no-restricted-paths");
    expect(await ruleIds("server/release/probe-user.ts", importOf("../app.js"))).toContain(
      "import-x/no-restricted-paths",
    );
  });

  it("refuses a domain reading another domain's queries, and lets it call that domain's service", async () => {
    expect(
      await ruleIds("server/release/probe-user.ts", importOf("../clients/queries.js")),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIds("server/legacy/probe-user.ts", importOf("../assets/file-queries.js")),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIds("server/release/probe-user.ts", importOf("../clients/service.js")),
    ).toEqual([]);
    expect(await ruleIds("server/clients/probe-user.ts", importOf("./queries.js"))).toEqual([]);
    expect(await ruleIds("server/clients/probe-user.ts", importOf("../auth/password.js"))).toEqual(
      [],
    );
  });

  it("refuses, inside a floor, a folder importing one of a row above it", async () => {
    // kernel: what Deps is made of stands under deps.ts and the HTTP layer, whose context carries Deps
    expect(await messages("server/mail/mailbox-routes.ts", importOf("../http/context.js"))).toEqual(
      rowsAbove,
    );
    expect(await messages("server/metrics/probe-user.ts", importOf("../deps.js"))).toEqual(
      rowsAbove,
    );
    expect(await messages("server/probe-user.ts", importOf("./http/context.js"))).toEqual(
      rowsAbove,
    );
    // identity: sessions, then auth, then passkeys and two-factor, then keys
    for (const [file, higher] of [
      ["server/sessions/probe-user.ts", "../auth/actor.js"],
      ["server/auth/probe-user.ts", "../two-factor/emails.js"],
      ["server/passkeys/probe-user.ts", "../keys/owner-keys-service.js"],
      // domains: firm-codes, then firms, then clients, then release
      ["server/firm-codes/probe-user.ts", "../firms/membership.js"],
      ["server/firms/probe-user.ts", "../release/service.js"],
      ["server/clients/probe-user.ts", "../release/service.js"],
    ] as const)
      expect(await messages(file, importOf(higher))).toEqual(rowsAbove);
  });

  it("lets a folder import the rows under it on its floor", async () => {
    for (const [file, lower] of [
      ["server/http/probe-user.ts", "../deps.js"],
      ["server/rate-limit/probe-user.ts", "../mail/templates.js"],
      ["server/auth/probe-user.ts", "../sessions/new-device.js"],
      ["server/keys/probe-user.ts", "../passkeys/service.js"],
      ["server/two-factor/probe-user.ts", "../auth/current-password.js"],
      ["server/firms/probe-user.ts", "../firm-codes/service.js"],
      ["server/clients/probe-user.ts", "../firms/service.js"],
    ] as const)
      expect(await ruleIds(file, importOf(lower))).toEqual([]);
  });

  it("lets a flow import every floor, and a test import anything", async () => {
    expect(
      await ruleIds(
        "server/flows/registration/probe-user.ts",
        importOf("../../clients/service.js"),
      ),
    ).toEqual([]);
    expect(await ruleIds("server/app.ts", importOf("./clients/routes.js"))).toEqual([]);
    expect(
      await ruleIds("server/db/probe-user.test.ts", importOf("../clients/queries.js")),
    ).toEqual([]);
  });
});
