import type { ExportedPassword } from "@common/export";
import { describe, expect, it } from "vitest";
import { passwordsCsv } from "./csv";

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
