import { describe, expect, it } from "vitest";
import { CsvError, csvCell, csvLine, parseCsv } from "./csv.js";

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

describe("csvLine", () => {
  it("joins the cells with commas and ends with CRLF", () => {
    expect(csvLine(["a", null, "b,c"])).toBe('a,,"b,c"\r\n');
  });
});

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
