import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.js";

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
