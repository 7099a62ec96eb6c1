import { ASSET_MSG, TITLE_MAX_LENGTH } from "@common/assets";
import { PASSWORD_MSG } from "@common/assets/passwords";
import { IMPORT_MSG } from "@common/import";
import { describe, expect, it } from "vitest";
import { checkImportRows, initiallySelected, loginKey } from "./check-import-rows";
import type { ImportCandidate } from "./read-import-file";

const login = (overrides: Partial<ImportCandidate> = {}): ImportCandidate => ({
  title: "Online Banking",
  website: "https://bank.example.com/login",
  username: "ada@example.com",
  password: "Correct-Horse-1",
  notes: "",
  ...overrides,
});

describe("loginKey: the same title, username and site", () => {
  it("ignores case, accents, spaces around, the scheme, www. and the path of the site", () => {
    expect(
      loginKey({ title: " Café Mail ", username: "ADA", website: "https://www.mail.example/in" }),
    ).toBe(loginKey({ title: "cafe mail", username: "ada", website: "mail.example" }));
  });

  it("tells apart another username, title or site", () => {
    const key = loginKey(login());
    expect(loginKey(login({ username: "ada2@example.com" }))).not.toBe(key);
    expect(loginKey(login({ title: "Savings" }))).not.toBe(key);
    expect(loginKey(login({ website: "https://bank.example.org" }))).not.toBe(key);
  });
});

describe("checkImportRows", () => {
  it("flags a login already in the vault and a repeat within the file, not the first of the file", () => {
    const rows = checkImportRows(
      [login(), login({ title: "Mail" }), login({ title: "MAIL", website: "bank.example.com" })],
      [{ title: "online banking", username: "ada@example.com", website: "bank.example.com" }],
    );
    expect(rows.map((r) => r.duplicate)).toEqual([
      IMPORT_MSG.duplicateInVault,
      null,
      IMPORT_MSG.duplicateInFile,
    ]);
    expect(rows.every((r) => r.problem === null)).toBe(true);
  });

  it("holds each row to the password form's rules, with the form's messages", () => {
    const rows = checkImportRows(
      [
        login({ password: "" }),
        login({ title: "   " }),
        login({ title: "T".repeat(TITLE_MAX_LENGTH + 1) }),
        login({ title: "T".repeat(TITLE_MAX_LENGTH) }),
        login({ username: "u".repeat(501) }),
        login({ password: "p".repeat(2001) }),
        login({ website: `https://a.example/${"w".repeat(2000)}` }),
        login({ notes: "n".repeat(20_001) }),
      ],
      [],
    );
    expect(rows.map((r) => r.problem)).toEqual([
      PASSWORD_MSG.passwordRequired,
      ASSET_MSG.titleRequired,
      ASSET_MSG.titleTooLong,
      null,
      "Username must be at most 500 characters",
      "Password must be at most 2000 characters",
      "Website must be at most 2000 characters",
      "Notes must be at most 20000 characters",
    ]);
    // Nothing is cut short: a row over a limit is not importable at all.
    expect(rows.filter((r) => r.values).map((r) => r.index)).toEqual([3]);
  });

  it("keeps the fields as the form saves them: title and site trimmed, the password as it is", () => {
    const [row] = checkImportRows(
      [login({ title: "  Bank  ", website: " bank.example.com ", password: " spaced " })],
      [],
    );
    expect(row?.values).toEqual({
      title: "Bank",
      website: "bank.example.com",
      username: "ada@example.com",
      password: " spaced ",
      notes: "",
    });
  });

  it("ticks every importable row at first, duplicates included, never a row over a limit", () => {
    const rows = checkImportRows([login(), login(), login({ password: "" })], []);
    expect([...initiallySelected(rows)]).toEqual([0, 1]);
  });
});
