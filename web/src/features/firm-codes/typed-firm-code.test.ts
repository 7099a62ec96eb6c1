import { firmCodeInputSchema } from "@common/firm-codes";
import { describe, expect, it } from "vitest";
import { toTypedFirmCode } from "./typed-firm-code";

describe("the join screen's firm code as typed", () => {
  it("ignores case, spaces and hyphens (as written on paper or pasted from an e-mail)", () => {
    expect(toTypedFirmCode("k7mq-4xrt")).toBe("K7MQ4XRT");
    expect(toTypedFirmCode(" K7MQ 4XRT ")).toBe("K7MQ4XRT");
    expect(toTypedFirmCode("k7mq \u2013 4xrt")).toBe("K7MQ4XRT");
    expect(firmCodeInputSchema.parse(toTypedFirmCode("k7mq-4xrt"))).toBe("K7MQ4XRT");
  });

  it("keeps at most 10 characters, and older codes as they were", () => {
    expect(toTypedFirmCode("ABCD-EFGH-JKMN")).toBe("ABCDEFGHJK");
    expect(toTypedFirmCode("zz9 zz9")).toBe("ZZ9ZZ9");
    expect(toTypedFirmCode("ab1")).toBe("AB1");
  });
});
