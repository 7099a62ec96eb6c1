import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRM_EDIT_MSG } from "../../common/firms.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildGif, buildJpeg, buildPng, buildWebp, pngChunk } from "../../test/factories/images.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PNG = buildPng(32, 18);
const PNG_SIGNATURE = PNG.subarray(0, 8);
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

  it("refuses an image that cannot be read (400, the message), and keeps the logo it had", async () => {
    const { admin } = await buildFirm(ctx);
    const kept = ((await (await putLogo(admin, PNG)).json()) as Firm).firm.logoUrl;
    const damagedIdat = Buffer.from(PNG);
    damagedIdat[45] = (damagedIdat[45] ?? 0) ^ 0xff; // a byte inside IDAT: its CRC no longer matches
    const header = PNG.subarray(8, 33);
    const cases: [string, Buffer, string][] = [
      ["a PNG cut off half-way", PNG.subarray(0, Math.floor(PNG.length / 2)), "image/png"],
      ["a PNG without its IEND", PNG.subarray(0, PNG.length - 12), "image/png"],
      ["a PNG with a damaged chunk", damagedIdat, "image/png"],
      [
        "a PNG whose pixel data does not inflate",
        Buffer.concat([
          PNG_SIGNATURE,
          header,
          pngChunk("IDAT", Buffer.from("not deflate data")),
          pngChunk("IEND", Buffer.alloc(0)),
        ]),
        "image/png",
      ],
      [
        "random bytes after a PNG signature",
        Buffer.concat([PNG_SIGNATURE, Buffer.from(randomBytes(200))]),
        "image/png",
      ],
      ["a JPEG cut off before its end", buildJpeg().subarray(0, -2), "image/jpeg"],
      ["a GIF cut off before its trailer", buildGif().subarray(0, -4), "image/gif"],
      ["a WebP cut off", buildWebp().subarray(0, -3), "image/webp"],
    ];
    for (const [what, body, type] of cases) {
      const res = await putLogo(admin, body, type);
      expect(res.status, what).toBe(400);
      const { error } = (await res.json()) as { error: { message: string } };
      expect(error.message, what).toBe(FIRM_EDIT_MSG.logoUnreadable);
    }
    // Random bytes with no image signature, named logo.png by the browser: not an image at all.
    const random = await putLogo(admin, Buffer.from(randomBytes(300)));
    expect(random.status).toBe(415);
    const firm = await admin.json<Firm>("GET", "/api/firm");
    expect(firm.body.firm.logoUrl).toBe(kept);
  });

  it("accepts whole PNG, JPEG, GIF and WebP files", async () => {
    const { admin } = await buildFirm(ctx);
    for (const [body, ext] of [
      [buildPng(320, 180), "png"],
      [buildJpeg(), "jpg"],
      [buildGif(), "gif"],
      [buildWebp(), "webp"],
    ] as const) {
      const res = await putLogo(admin, body);
      expect(res.status, ext).toBe(200);
      expect(((await res.json()) as Firm).firm.logoUrl).toMatch(new RegExp(`\\.${ext}$`));
    }
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
