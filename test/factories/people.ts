import type { Role } from "../../common/app.js";
import type { Me } from "../../common/profiles.js";
import {
  GOOD_PASSWORD,
  TestClient,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../harness.js";

/** Invites `role` into the admin's firm and registers + confirms the invitee; returns their signed-in client. */
export async function buildInvitedMember(
  ctx: TestContext,
  admin: TestClient,
  role: Role,
  name = "Member Person",
) {
  const email = uniqueEmail(role);
  const sent = await admin.request("POST", "/api/invitations", { email, role });
  if (sent.status !== 200) throw new Error(`invite failed: ${sent.status}`);
  const link = await linkFromMail(ctx, email, "/register");
  const client = new TestClient(ctx);
  await client.post("/api/register", {
    name,
    email,
    password: GOOD_PASSWORD,
    invitationCode: link.searchParams.get("code"),
  });
  const confirm = await linkFromMail(ctx, email, "/auth/callback");
  await client.get(`/api/auth/verify-email?token=${confirm.searchParams.get("code")}`);
  const me = await client.json<{ user: Me }>("GET", "/api/me");
  return { client, email, name, id: me.body.user.id };
}
