import { IMPORT_MAX_ROWS, IMPORT_MSG } from "@common/import";
import { describe, expect, it } from "vitest";
import onePasswordCsv from "./fixtures/1password.csv?raw";
import bitwardenCsv from "./fixtures/bitwarden.csv?raw";
import bitwardenJson from "./fixtures/bitwarden.json?raw";
import chromeCsv from "./fixtures/chrome.csv?raw";
import edgeCsv from "./fixtures/edge.csv?raw";
import firefoxCsv from "./fixtures/firefox.csv?raw";
import legacyVaultJson from "./fixtures/legacy-vault.json?raw";
import { readImportFile } from "./read-import-file";

const banking = {
  title: "Online Banking",
  website: "https://bank.example.com/login",
  username: "ada@example.com",
  password: "Correct-Horse-1",
};

describe("readImportFile: each vendor's export, told apart by its shape", () => {
  it("reads a Bitwarden JSON export's logins and skips its notes and cards", () => {
    const file = readImportFile(bitwardenJson);
    expect(file.source).toBe("bitwarden-json");
    expect(file.skipped).toBe(2);
    expect(file.candidates).toEqual([
      { ...banking, notes: "Security question: first pet" },
      // No name: the site's host is the title.
      {
        title: "router.example",
        website: "https://www.router.example/admin",
        username: "admin",
        password: "Router-Pass-3",
        notes: "",
      },
    ]);
  });

  it("reads a Bitwarden CSV export: logins only, the first of several URIs, quoted commas and quotes", () => {
    const file = readImportFile(bitwardenCsv);
    expect(file.source).toBe("bitwarden-csv");
    expect(file.skipped).toBe(1); // the secure note, whose notes span two lines
    expect(file.candidates).toEqual([
      { ...banking, notes: 'Security question: "first pet"' },
      {
        title: "Mail",
        website: "https://mail.example.com",
        username: "ada",
        password: 'Mail,Pass "2"',
        notes: "",
      },
    ]);
  });

  it("reads a 1Password CSV export with a byte-order mark, CRLF and a note over two lines", () => {
    const file = readImportFile(onePasswordCsv);
    expect(file.source).toBe("1password-csv");
    expect(file.candidates).toEqual([
      { ...banking, notes: "Branch: High Street\r\nSort code on the card" },
      { title: "Home Wi-Fi", website: "", username: "", password: "tr0ub4dor&3", notes: "" },
    ]);
  });

  it("reads a Chrome CSV export (name,url,username,password,note)", () => {
    const file = readImportFile(chromeCsv);
    expect(file.source).toBe("chrome-csv");
    expect(file.candidates).toEqual([
      { ...banking, title: "bank.example.com", notes: "" },
      {
        title: "accounts.example.org",
        website: "https://accounts.example.org/signin",
        username: "ada.lovelace",
        password: 'p,a"ss',
        notes: "two\nlines",
      },
    ]);
  });

  it("reads an Edge CSV export, which has no note column, as Chrome's", () => {
    const file = readImportFile(edgeCsv);
    expect(file.source).toBe("chrome-csv");
    expect(file.candidates).toEqual([
      {
        title: "shop.example.net",
        website: "https://shop.example.net/",
        username: "ada",
        password: "Shop-Pass-9",
        notes: "",
      },
    ]);
  });

  it("reads a Firefox CSV export, every field quoted, titled by host", () => {
    const file = readImportFile(firefoxCsv);
    expect(file.source).toBe("firefox-csv");
    expect(file.candidates).toEqual([
      {
        title: "example.com",
        website: "https://www.example.com",
        username: "ann",
        password: "Ff-Pass-1",
        notes: "",
      },
      {
        title: "intranet.example.com",
        website: "https://intranet.example.com",
        username: "bob",
        password: 'Realm "pass"',
        notes: "",
      },
    ]);
  });

  it("reads our own export's passwords.json, nulls as empty fields", () => {
    const file = readImportFile(legacyVaultJson);
    expect(file.source).toBe("legacy-vault-json");
    expect(file.candidates).toEqual([
      { ...banking, notes: "" },
      {
        title: "Pension portal",
        website: "",
        username: "",
        password: "Pension-Pass-4",
        notes: "Policy 12345",
      },
    ]);
  });

  it("matches CSV headers whatever their case and order", () => {
    const file = readImportFile("Password,URL,Name,Username\nsecret,https://a.example,A,ann\n");
    expect(file.source).toBe("chrome-csv");
    expect(file.candidates[0]).toMatchObject({ title: "A", password: "secret", username: "ann" });
  });
});

describe("readImportFile: files it refuses, in the person's words", () => {
  const refusal = (text: string) => {
    try {
      readImportFile(text);
    } catch (err) {
      return (err as Error).message;
    }
    return "read";
  };

  it("refuses a CSV of another shape, a JSON of another shape, and plain text", () => {
    expect(refusal("date,amount\n2024-01-01,12\n")).toBe(IMPORT_MSG.notRecognised);
    expect(refusal('{"hello":"world"}')).toBe(IMPORT_MSG.notRecognised);
    expect(refusal('{"format":"legacy-vault-passwords","version":3,"items":[]}')).toBe(
      IMPORT_MSG.notRecognised,
    );
    expect(refusal("{not json")).toBe(IMPORT_MSG.notRecognised);
  });

  it("refuses an encrypted or password-protected Bitwarden export", () => {
    expect(refusal('{"encrypted":true,"encKeyValidation_DO_NOT_EDIT":"2.x","items":[]}')).toBe(
      IMPORT_MSG.encryptedBitwarden,
    );
    expect(refusal('{"encrypted":true,"passwordProtected":true,"data":"2.x"}')).toBe(
      IMPORT_MSG.encryptedBitwarden,
    );
  });

  it("refuses a cut-off CSV and an export without logins", () => {
    expect(refusal('name,url,username,password\n"A,https://a.example,ann,pw\n')).toBe(
      IMPORT_MSG.brokenCsv,
    );
    expect(refusal("name,url,username,password\n")).toBe(IMPORT_MSG.empty);
    expect(refusal('{"encrypted":false,"items":[{"type":2,"name":"Note"}]}')).toBe(
      IMPORT_MSG.empty,
    );
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows`, () => {
    const row = "a,https://a.example,ann,pw\n";
    const header = "name,url,username,password\n";
    expect(refusal(header + row.repeat(IMPORT_MAX_ROWS))).toBe("read");
    expect(refusal(header + row.repeat(IMPORT_MAX_ROWS + 1))).toBe(IMPORT_MSG.tooManyRows);
  });
});
