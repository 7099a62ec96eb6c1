import { INVITATION_MSG } from "@common/invitations";
import { describe, expect, it } from "vitest";
import { memberInviteForm } from "./invite-form-configs";

describe("memberInviteForm (/clients/invite)", () => {
  it("staff get no role choice: the form says they invite a client and that only an administrator can invite staff", () => {
    const { role } = memberInviteForm(false);
    expect(role).toMatchObject({ fixed: "regular_user" });
    if (!("fixed" in role)) throw new Error("staff were offered a role choice");
    expect(role.text).toContain(INVITATION_MSG.staffInvitesClients);
    expect(role.text).toContain("Only an administrator can invite staff.");
  });

  it("administrators choose among Client, Staff, Administrator and a read-only Assistant, with no such sentence", () => {
    const { role } = memberInviteForm(true);
    if ("fixed" in role) throw new Error("administrators were given a fixed role");
    expect(role.options.map((o) => o.label)).toEqual([
      "Client",
      "Staff",
      "Administrator",
      "Assistant (read only)",
    ]);
  });
});
