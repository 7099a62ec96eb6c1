import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function putLogo(client: TestClient, body: Buffer, type = "image/png") {
  return client.send("PUT", "/api/firm/logo", body, {
    "content-type": type,
    "content-length": String(body.length),
  });
}

type Firm = {
  firm: { name: string; phone: string | null; address: string | null; logoUrl: string | null };
};

describe("editing the firm", () => {
  it("an admin changes name, phone and address (empty becomes null; name at least 2)", async () => {
    const { admin } = await buildFirm(ctx);
    const res = await admin.json<Firm>("PATCH", "/api/firm", {
      name: "  Renamed & Co  ",
      phone: "",
      address: "  ",
    });
    expect(res.body.firm).toMatchObject({ name: "Renamed & Co", phone: null, address: null });
    const short = await admin.json<{ error: { message: string } }>("PATCH", "/api/firm", {
      name: "R",
    });
    expect(short.body.error.message).toBe("Firm name must be at least 2 characters");
  });

  it("uploads a PNG logo served publicly with its type and nosniff; replaces and removes it", async () => {
    const { admin } = await buildFirm(ctx);
    const res = await putLogo(admin, PNG);
    expect(res.status).toBe(200);
    const { firm } = (await res.json()) as Firm;
    expect(firm.logoUrl).toMatch(/^\/storage\/firm-logos\/[0-9a-f-]+-\d+\.png$/);
    const served = await ctx.app.request(firm.logoUrl ?? "");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const second = (await (await putLogo(admin, PNG)).json()) as Firm;
    expect((await ctx.app.request(firm.logoUrl ?? "")).status).toBe(404);
    await admin.request("DELETE", "/api/firm/logo");
    expect((await ctx.app.request(second.firm.logoUrl ?? "")).status).toBe(404);
  });

  it("refuses SVG and non-images by content (415), whatever the declared type, and files over 2 MB (413)", async () => {
    const { admin } = await buildFirm(ctx);
    const svg = await putLogo(admin, SVG, "image/png");
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { error: { message: string } }).error.message).toBe(
      "Please upload an image file (JPEG, PNG, etc)",
    );
    const big = await putLogo(admin, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { message: string } }).error.message).toBe(
      "Logo file size should be less than 2MB",
    );
  });

  it("staff, clients and other firms cannot edit the firm", async () => {
    const a = await buildFirm(ctx);
    const b = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, a.admin, "firm_staff");
    expect((await staff.client.request("PATCH", "/api/firm", { name: "Hijacked" })).status).toBe(
      404,
    );
    expect((await putLogo(staff.client, PNG)).status).toBe(404);
    await b.admin.request("PATCH", "/api/firm", { name: "B Renamed " + b.firmId.slice(0, 6) });
    const firmA = await a.admin.json<Firm>("GET", "/api/firm");
    expect(firmA.body.firm.name).toBe(a.firmName);
  });
});
