import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createFirmCodeSchema,
  FIRM_CODE_ALPHABET,
  firmCodeInputSchema,
  normalizeFirmCode,
} from "./firm-codes.js";

const codeOfAlphabet = fc.string({
  unit: fc.constantFrom(...FIRM_CODE_ALPHABET),
  minLength: 8,
  maxLength: 10,
});
/** How a person may type a code, in any case, with spaces and hyphens anywhere. */
const typedFrom = (code: string) =>
  fc
    .tuple(
      ...[...code].map(() =>
        fc.tuple(fc.boolean(), fc.constantFrom("", "", " ", "-", " - ", "\u2013")),
      ),
    )
    .map((parts) =>
      parts.map(([isLower, sep], i) => sep + (isLower ? code[i]?.toLowerCase() : code[i])).join(""),
    );

describe("firm codes as typed", () => {
  it("normalising ignores case, spaces and hyphens", () => {
    expect(normalizeFirmCode(" abcd-efgh ")).toBe("ABCDEFGH");
    expect(normalizeFirmCode("ab cd\u2013ef\tgh")).toBe("ABCDEFGH");
    fc.assert(
      fc.property(
        codeOfAlphabet.chain((code) => fc.tuple(fc.constant(code), typedFrom(code))),
        ([code, typed]) => normalizeFirmCode(typed) === code,
      ),
    );
  });

  it("every code that can be created can be typed on the join screen and finds itself (none is unusable)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (input) => {
        const created = createFirmCodeSchema.safeParse({ code: input });
        if (!created.success || !created.data.code) return;
        expect(firmCodeInputSchema.parse(created.data.code)).toBe(created.data.code);
        expect(firmCodeInputSchema.parse(input)).toBe(created.data.code);
      }),
    );
    fc.assert(
      fc.property(
        codeOfAlphabet.chain((code) => typedFrom(code)),
        (typed) => {
          const created = createFirmCodeSchema.parse({ code: typed });
          expect(firmCodeInputSchema.parse(typed)).toBe(created.code);
        },
      ),
    );
  });

  it("a chosen code shorter than 8 characters or with look-alikes is refused", () => {
    for (const code of [
      "AB",
      "ABC2345",
      "ABCD0EFG",
      "ABCDOEFG",
      "ABCD1EFG",
      "ABCDIEFG",
      "ABCDLEFG",
      "ABCDEFGHJKM",
    ]) {
      expect(createFirmCodeSchema.safeParse({ code }).success, code).toBe(false);
    }
    expect(createFirmCodeSchema.parse({ code: "" }).code).toBeUndefined();
  });
});
