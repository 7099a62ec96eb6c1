import { describe, expect, it } from "vitest";
import {
  CLIENT_IMPORT_MAX_ROWS,
  ClientImportFileError,
  readClientImportFile,
} from "./client-imports.js";
import { parseCsvRecords } from "./csv.js";

describe("readClientImportFile", () => {
  it("reads columns in any order and common spellings, trims and lower-cases e-mails", () => {
    const rows = readClientImportFile(
      "\uFEFFE-mail,Full Name,Matter Ref,Notes\r\n Ann@Example.COM ,Ann , M-1 ,\r\n",
    );
    expect(rows).toEqual([
      {
        line: 2,
        name: "Ann",
        email: "ann@example.com",
        phone: null,
        matterRef: "M-1",
        note: null,
        problem: null,
        duplicateOf: null,
      },
    ]);
  });

  it("names each row's problem with its line, counting lines inside quoted fields", () => {
    const rows = readClientImportFile(
      [
        "name,email,note",
        'A,a@example.com,"two\nlines"',
        "B,A@example.com,",
        ",c@example.com,",
        "D,not-mail,",
        `${"E".repeat(201)},e@example.com,`,
      ].join("\n"),
    );
    expect(rows.map((r) => [r.line, r.problem, r.duplicateOf])).toEqual([
      [2, null, null],
      [4, "duplicate", 2],
      [5, "missing_name", null],
      [6, "bad_email", null],
      [7, "too_long", null],
    ]);
  });

  it("refuses a file it cannot read, naming the line", () => {
    expect(() => readClientImportFile('name,email\nA,a@example.com\n"B,b@example.com\n')).toThrow(
      /^Line 3:/,
    );
    expect(() => readClientImportFile("name,phone\nA,1\n")).toThrow(/^Line 1:/);
    expect(() => readClientImportFile("name,email\n")).toThrow(ClientImportFileError);
    const tooMany = "name,email\n" + "A,a@example.com\n".repeat(CLIENT_IMPORT_MAX_ROWS + 1);
    expect(() => readClientImportFile(tooMany)).toThrow(/more than 10,000 rows/);
  });

  it("parseCsvRecords gives each record the line it starts on (CRLF, LF, CR, blank lines)", () => {
    expect(parseCsvRecords('a\r\n\r\n"b\r\nc",d\re\nf').map((r) => r.line)).toEqual([1, 3, 5, 6]);
  });
});
