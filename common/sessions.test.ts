import { describe, expect, it } from "vitest";
import { networkOf } from "./sessions.js";

describe("networkOf", () => {
  it("keeps an IPv4 address's /24", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
  });

  it("keeps an IPv6 address's /48, however it is written", () => {
    expect(networkOf("2001:db8:85a3::8a2e:370:7334")).toBe("2001:db8:85a3::/48");
    expect(networkOf("2001:0db8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8:0::/48");
    expect(networkOf("::1")).toBe("0:0:0::/48");
  });

  it("answers null for what is not an address", () => {
    for (const value of [
      null,
      undefined,
      "",
      "unknown",
      "300.1.1.1",
      "1.2.3",
      "2001:db8",
      "1:2:3:4:5:6:7:8:9",
    ])
      expect(networkOf(value)).toBeNull();
  });
});
