import { randomUUID } from "node:crypto";
import type { CreatedFirmView } from "../../common/firms.js";
import {
  GOOD_PASSWORD,
  TestClient,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../harness.js";

/** Registers a firm through the wizard's API (create, claim, confirm) and returns its signed-in admin. */
export async function buildFirm(ctx: TestContext, overrides: { name?: string } = {}) {
  const admin = new TestClient(ctx);
  const name = overrides.name ?? `Firm ${randomUUID().slice(0, 8)} LLP`;
  const created = await admin.json<CreatedFirmView>("POST", "/api/firms", {
    name,
    phone: "+1 555 0100",
    address: "1 Main St",
  });
  if (created.status !== 201)
    throw new Error(`create firm failed: ${created.status} ${JSON.stringify(created.body)}`);
  const email = uniqueEmail("admin");
  const claim = await admin.json("POST", "/api/firms/claim", {
    firmId: created.body.id,
    claimSecret: created.body.claimSecret,
    name: "Ada Admin",
    email,
    password: GOOD_PASSWORD,
    phone: null,
  });
  if (claim.status !== 200)
    throw new Error(`claim failed: ${claim.status} ${JSON.stringify(claim.body)}`);
  const link = await linkFromMail(ctx, email, "/auth/callback");
  await admin.get(`/api/auth/verify-email?token=${link.searchParams.get("code")}`);
  const me = await admin.json<{ user: { id: string } }>("GET", "/api/me");
  return {
    admin,
    adminId: me.body.user.id,
    adminEmail: email,
    firmId: created.body.id,
    firmName: name,
    firmCode: created.body.firm_code,
  };
}
