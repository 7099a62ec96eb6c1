import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAsset, makeTitleClear, uploadEncryptedFile } from "../../test/factories/assets.js";
import { createBeneficiaryKey } from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { signInAsBrowser } from "../../test/factories/owner-keys.js";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { sealTitle } from "../../test/vault-crypto.js";
import { drain, openStream, type LiveStream } from "../../test/live-stream.js";
import { PG_SERVER_URL, isPgServerReachable, pgAdmin } from "../../test/pg-admin.js";
import { withDatabase } from "../../test/global-setup.js";
import { openPostgres } from "../db/client.js";

const isServerReachable = await isPgServerReachable();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ownKinds = (stream: LiveStream) =>
  stream.kinds.filter((k) => k === "assets" || k === "beneficiaries");

describe("live items: an owner's other sessions follow their vault (decision 076)", () => {
  it("tells the owner's other session of each change to their items and beneficiaries; no other user, not their firm", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildUser(ctx);
    expect((await owner.client.post("/api/firms/join", { code: firm.firmCode })).status).toBe(200);
    const other = await buildUser(ctx);
    const second = await signInAsBrowser(ctx, owner.email, owner.password);
    expect(second.status).toBe(200);

    const mine = await openStream(second.client);
    const theirs = await openStream(other.client);
    const firmAdmin = await openStream(firm.admin);
    await Promise.all([mine.opened, theirs.opened, firmAdmin.opened]);

    /** `act` (in the owner's first session) makes the second session hear each of `kinds`. */
    const hears = async (step: string, kinds: string | string[], act: () => Promise<unknown>) => {
      const all = [kinds].flat();
      await drain(ctx, mine, owner.id);
      const before = all.map((kind) => mine.count(kind));
      await act();
      await drain(ctx, mine, owner.id);
      all.forEach((kind, i) =>
        expect(mine.count(kind) - before[i]!, `${step}: ${kind}`).toBeGreaterThan(0),
      );
    };
    /** `act` makes the second session hear nothing: only the drain's own marker comes. */
    const tellsNobody = async (step: string, act: () => Promise<unknown>) => {
      await drain(ctx, mine, owner.id);
      const before = mine.kinds.length;
      await act();
      await drain(ctx, mine, owner.id);
      expect(mine.kinds.slice(before), step).toEqual(["release"]);
    };
    const ok = async (res: Promise<Response>) => expect((await res).status).toBe(200);
    const c = owner.client;

    // Items: created (an import is creates too), edited, starred, files, versions, deleted.
    let doc: Awaited<ReturnType<typeof buildAsset>> | undefined;
    await hears("create", "assets", async () => {
      doc = await buildAsset(c, {
        type: "document",
        content: { fileName: "scan.png", notes: "" },
        beneficiaryEmails: ["heir@example.com"],
      });
    });
    const { id, ck, dk } = doc!;
    const renamed = await sealTitle(ck, id, "Renamed");
    await hears("edit", "assets", () =>
      ok(c.patch(`/api/assets/${id}`, { encryptedTitle: renamed })),
    );
    const titles = [{ id, encryptedTitle: renamed }];
    await makeTitleClear(ctx, id, "From before");
    await hears("move titles over", "assets", () => ok(c.post("/api/assets/titles", { titles })));
    await hears("star", "assets", () =>
      ok(c.patch(`/api/assets/${id}/favorite`, { isFavorite: true })),
    );
    const upload = () =>
      uploadEncryptedFile(c, {
        assetId: id,
        ck,
        kind: "document",
        plaintext: randomBytes(64),
        type: "image/png",
      }).then(({ res }) => expect(res.status).toBe(200));
    await hears("upload a file", "assets", upload);
    await hears("replace it (a version)", "assets", upload);
    await hears("leave it to one more", "assets", () =>
      ok(
        c.patch(`/api/assets/${id}`, {
          beneficiaryEmails: ["heir@example.com", "second@example.com"],
        }),
      ),
    );
    // A beneficiary key wraps the item for its address: the key and the item's wrap change.
    await hears("a beneficiary key", ["beneficiaries", "assets"], () =>
      createBeneficiaryKey(c, dk, { email: "heir@example.com", items: [{ id, ck }] }),
    );
    // Opening an item only moves its "recently used" time: nobody is told.
    await tellsNobody("recently used", () => ok(c.post(`/api/assets/${id}/used`)));
    await hears("delete its file", "assets", () =>
      ok(c.request("DELETE", `/api/assets/${id}/files/document`)),
    );
    await hears("delete it", "assets", () => ok(c.request("DELETE", `/api/assets/${id}`)));

    // Beneficiaries: added, edited, deleted.
    let beneficiaryId = "";
    await hears("add a beneficiary", "beneficiaries", async () => {
      const res = await c.json<{ beneficiary: { id: string } }>("POST", "/api/beneficiaries", {
        name: "Emma Heir",
        email: "emma@example.com",
      });
      expect(res.status).toBe(201);
      beneficiaryId = res.body.beneficiary.id;
    });
    await hears("edit a beneficiary", "beneficiaries", () =>
      ok(c.patch(`/api/beneficiaries/${beneficiaryId}`, { name: "Emma H." })),
    );
    await hears("delete a beneficiary", "beneficiaries", () =>
      ok(c.request("DELETE", `/api/beneficiaries/${beneficiaryId}`)),
    );

    // Every change above has reached every stream by now: the others heard none of it.
    await drain(ctx, theirs, other.id);
    await drain(ctx, firmAdmin, firm.adminId);
    expect(ownKinds(theirs)).toEqual([]);
    expect(ownKinds(firmAdmin)).toEqual([]);
    await Promise.all([mine.close(), theirs.close(), firmAdmin.close()]);
  });

  it.skipIf(!isServerReachable)(
    `reaches a session on another app process of the same PostgreSQL database (skipped when no PostgreSQL server is reachable at ${new URL(PG_SERVER_URL).host})`,
    async () => {
      const name = `lv_t_live_${randomBytes(4).toString("hex")}`;
      await pgAdmin((admin) => admin.query(`create database ${name}`));
      const url = withDatabase(PG_SERVER_URL, name);
      // Two app processes of one deployment: one database, one master key.
      const settings = { VAULT_MASTER_KEY: randomBytes(32).toString("base64") };
      const one = await createTestContext(settings, { database: openPostgres(url) });
      const two = await createTestContext(settings, { database: openPostgres(url) });
      try {
        const owner = await buildUser(one);
        const other = await buildUser(one);
        const elsewhere = await signInAsBrowser(two, owner.email, owner.password);
        const otherElsewhere = await signInAsBrowser(two, other.email, other.password);
        const mine = await openStream(elsewhere.client);
        const theirs = await openStream(otherElsewhere.client);
        await Promise.all([mine.opened, theirs.opened]);

        await buildAsset(owner.client, { title: "Made on process one" });
        await mine.waitFor("assets");
        await drain(two, theirs, other.id);
        expect(ownKinds(theirs)).toEqual([]);
        await Promise.all([mine.close(), theirs.close()]);
      } finally {
        await two.close();
        await one.close();
        await pgAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
      }
    },
  );
});
