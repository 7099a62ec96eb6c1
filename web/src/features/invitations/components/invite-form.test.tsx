import { INVITATION_MSG } from "@common/invitations";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { STAFF_INVITE_FORM } from "../invite-form-configs";
import { InviteForm } from "./invite-form";

/** /staff/invite's form: what it says before anything is sent (e2e/firm-people.e2e.ts sends one). */
describe("the staff invite form", () => {
  it("asks for an address and a role together, then for a valid address, and sends nothing", async () => {
    const fetch = stubFetch(() => Promise.reject(new Error("nothing should be sent")));
    const onSent = vi.fn();
    const { user } = renderScreen(<InviteForm {...STAFF_INVITE_FORM} onSent={onSent} />);
    const send = screen.getByRole("button", { name: "Send Invitation" });

    await user.click(send);
    expect(await screen.findAllByText(INVITATION_MSG.emailAndRole)).not.toHaveLength(0);

    await user.type(screen.getByLabelText("Email Address"), "not-an-address");
    await user.click(screen.getByRole("radio", { name: "Staff" }));
    await user.click(send);
    expect(await screen.findByText(INVITATION_MSG.invalidEmail)).toBeTruthy();
    expect(screen.queryByText(INVITATION_MSG.emailAndRole)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(onSent).not.toHaveBeenCalled();
  });
});
