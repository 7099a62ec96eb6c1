import { describe, expect, it } from "vitest";
import { WEBHOOK_MSG } from "../../common/firm-api.js";
import { checkWebhookUrl, isPrivateAddress } from "./address.js";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "not-an-ip",
  ])("refuses %s", (ip) => expect(isPrivateAddress(ip)).toBe(true));
  it.each(["93.184.215.14", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])("lets %s", (ip) =>
    expect(isPrivateAddress(ip)).toBe(false),
  );
});

describe("checkWebhookUrl", () => {
  const prod = (resolve: string[]) => ({ isProduction: true, resolve: async () => resolve });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: Error) => e.message,
    );

  it("wants https in production, and lets http only in development and tests", async () => {
    expect(await refusal(checkWebhookUrl("http://hooks.example.com/x", prod(["8.8.8.8"])))).toBe(
      WEBHOOK_MSG.urlNotHttps,
    );
    expect(await refusal(checkWebhookUrl("https://hooks.example.com/x", prod(["8.8.8.8"])))).toBe(
      "accepted",
    );
    expect(await refusal(checkWebhookUrl("http://127.0.0.1:9/x", { isProduction: false }))).toBe(
      "accepted",
    );
    expect(await refusal(checkWebhookUrl("ftp://example.com/", { isProduction: false }))).toBe(
      WEBHOOK_MSG.urlNotHttps,
    );
  });

  it("refuses, in production, a host that is or resolves to a private address", async () => {
    for (const url of ["https://127.0.0.1/", "https://[::1]/", "https://169.254.169.254/latest"])
      expect(await refusal(checkWebhookUrl(url, prod([])))).toBe(WEBHOOK_MSG.urlPrivate);
    expect(await refusal(checkWebhookUrl("https://internal.example/", prod(["10.0.0.5"])))).toBe(
      WEBHOOK_MSG.urlPrivate,
    );
    // one private address among public ones is enough to refuse (DNS answers in turn)
    expect(
      await refusal(checkWebhookUrl("https://mixed.example/", prod(["8.8.8.8", "127.0.0.1"]))),
    ).toBe(WEBHOOK_MSG.urlPrivate);
    expect(await refusal(checkWebhookUrl("https://nowhere.example/", prod([])))).toBe(
      WEBHOOK_MSG.urlPrivate,
    );
  });

  it("refuses a user name or password in the URL, and what is not a URL", async () => {
    expect(
      await refusal(checkWebhookUrl("https://u:p@hooks.example.com/", prod(["8.8.8.8"]))),
    ).toBe(WEBHOOK_MSG.urlCredentials);
    expect(await refusal(checkWebhookUrl("not a url", { isProduction: false }))).toBe(
      WEBHOOK_MSG.urlInvalid,
    );
  });
});
