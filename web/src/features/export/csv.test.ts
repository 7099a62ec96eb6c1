import type { ExportedPassword } from "@common/export";
import { describe, expect, it } from "vitest";
import { csvCell, passwordsCsv } from "./csv";

describe("csvCell", () => {
  it("leaves plain text as it is and writes null as an empty cell", () => {
    expect(csvCell("Bank")).toBe("Bank");
    expect(csvCell("")).toBe("");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("cr\r\nlf")).toBe('"cr\r\nlf"');
  });

  it.each(["=SUM(A1:A2)", "+1", "-2", "@cmd", "\tx", "\rx"])(
    "puts a single quote before %j, which a spreadsheet would run as a formula",
    (value) => {
      const cell = csvCell(value);
      expect(cell.replace(/^"/, "").startsWith(`'${value[0]}`)).toBe(true);
    },
  );

  it("quotes a formula that also holds a comma, after the single quote", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
  });

  it("leaves a formula sign that is not at the start alone", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("user@example.com")).toBe("user@example.com");
  });
});

describe("passwordsCsv", () => {
  const item = (over: Partial<ExportedPassword> = {}): ExportedPassword => ({
    title: "Bank",
    username: "ada",
    password: "s3cret",
    url: "https://bank.example",
    notes: null,
    beneficiaryEmails: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-02T00:00:00.000Z",
    ...over,
  });

  it("writes the header name,url,username,password,note and one CRLF row per item", () => {
    const csv = passwordsCsv([item(), item({ title: "Mail, work", notes: "PIN 1234\nold" })]);
    expect(csv).toBe(
      "name,url,username,password,note\r\n" +
        "Bank,https://bank.example,ada,s3cret,\r\n" +
        '"Mail, work",https://bank.example,ada,s3cret,"PIN 1234\nold"\r\n',
    );
  });

  it("writes only the header for a vault without passwords", () => {
    expect(passwordsCsv([])).toBe("name,url,username,password,note\r\n");
  });
});
