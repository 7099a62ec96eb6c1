import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../env.js";

const dir = mkdtempSync(path.join(tmpdir(), "lv-settings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function messageOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
  throw new Error("expected parseEnv to refuse");
}

describe("METRICS_PORT", () => {
  it("is off when unset or empty, and a port number when set", () => {
    expect(parseEnv({}).METRICS_PORT).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: "" }).METRICS_PORT).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
  });

  it("names a malformed one and says what is expected", () => {
    for (const value of ["abc", "0", "70000", "94.5"])
      expect(messageOf({ METRICS_PORT: value }), value).toContain(
        "  - METRICS_PORT: must be a port number (1-65535)",
      );
  });

  it("refuses the public port: metrics are never served there", () => {
    expect(messageOf({ METRICS_PORT: "3000" })).toContain(
      "  - METRICS_PORT: must differ from PORT",
    );
    expect(messageOf({ PORT: "8080", METRICS_PORT: "8080" })).toContain(
      "  - METRICS_PORT: must differ from PORT",
    );
    expect(parseEnv({ PORT: "8080", METRICS_PORT: "3000" }).METRICS_PORT).toBe(3000);
  });
});

describe("SMTP_CA_FILE", () => {
  it("takes a readable file, and names a missing one", () => {
    const file = path.join(dir, "ca.pem");
    writeFileSync(file, "-----BEGIN CERTIFICATE-----\n");
    expect(parseEnv({ SMTP_CA_FILE: file }).SMTP_CA_FILE).toBe(file);
    expect(messageOf({ SMTP_CA_FILE: path.join(dir, "missing.pem") })).toContain(
      "  - SMTP_CA_FILE: must be a readable PEM file",
    );
  });
});
