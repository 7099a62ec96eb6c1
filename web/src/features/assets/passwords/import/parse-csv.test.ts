import { describe, expect, it } from "vitest";
import { CsvError, parseCsv } from "./parse-csv";

describe("parseCsv (RFC 4180)", () => {
  it("splits plain fields and records", () => {
    expect(parseCsv("a,b,c\n1,2,3\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
  });

  it("reads CRLF, LF and lone CR line endings alike", () => {
    expect(parseCsv("a,b\r\n1,2\r\n3,4\r5,6")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
      ["5", "6"],
    ]);
  });

  it("keeps commas, line breaks and doubled quotes inside quoted fields", () => {
    const text = 'name,note\r\n"Bank, main","line one\r\nline ""two""\nthree"\r\n';
    expect(parseCsv(text)).toEqual([
      ["name", "note"],
      ["Bank, main", 'line one\r\nline "two"\nthree'],
    ]);
  });

  it("reads empty fields, quoted or not, and a last record without a line break", () => {
    expect(parseCsv('a,b,c\n,"",\nx,,"y"')).toEqual([
      ["a", "b", "c"],
      ["", "", ""],
      ["x", "", "y"],
    ]);
  });

  it("drops a byte-order mark and blank lines", () => {
    expect(parseCsv("\uFEFFurl,username\n\nhttps://a.example,ann\r\n\r\n")).toEqual([
      ["url", "username"],
      ["https://a.example", "ann"],
    ]);
  });

  it("keeps a stray quote inside an unquoted field as text", () => {
    expect(parseCsv('a,b\n5" disk,ok\n')).toEqual([
      ["a", "b"],
      ['5" disk', "ok"],
    ]);
  });

  it("refuses a text that ends inside a quoted field", () => {
    expect(() => parseCsv('a,b\n"never closed,1\n')).toThrow(CsvError);
  });

  it("reads nothing from an empty text", () => {
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv("\uFEFF\r\n")).toEqual([]);
  });
});
