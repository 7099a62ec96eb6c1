import { describe, expect, it } from "vitest";
import { can, requireAccess, type ActorProfile } from "./access.js";

const firmA = "11111111-1111-1111-1111-111111111111";
const firmB = "22222222-2222-2222-2222-222222222222";
const admin: ActorProfile = { id: "a", role: "firm_admin", firmId: firmA };
const staff: ActorProfile = { id: "s", role: "firm_staff", firmId: firmA };
const assistant: ActorProfile = { id: "r", role: "firm_assistant", firmId: firmA };
const client: ActorProfile = { id: "c", role: "regular_user", firmId: firmA };
const loner: ActorProfile = { id: "l", role: "regular_user", firmId: null };

describe("access rules", () => {
  it("only a firm's admin manages its codes, staff, invitations and details", () => {
    for (const action of [
      "firm-codes:manage",
      "firm-activity:read",
      "staff:manage",
      "invitations:manage",
      "firm:edit",
    ] as const) {
      expect(can(admin, action, { firmId: firmA })).toBe(true);
      expect(can(admin, action, { firmId: firmB })).toBe(false);
      expect(can(staff, action, { firmId: firmA })).toBe(false);
      expect(can(assistant, action, { firmId: firmA })).toBe(false);
      expect(can(client, action, { firmId: firmA })).toBe(false);
    }
  });

  it("a read-only assistant reads the firm's clients and changes nothing (decision 084)", () => {
    expect(can(assistant, "clients:read", { firmId: firmA })).toBe(true);
    expect(can(assistant, "clients:read", { firmId: firmB })).toBe(false);
    expect(can(assistant, "firm:read", { firmId: firmA })).toBe(true);
    expect(can(assistant, "clients:edit", { firmId: firmA })).toBe(false);
    expect(can(staff, "clients:edit", { firmId: firmA })).toBe(true);
    for (const role of ["regular_user", "firm_staff", "firm_assistant", "firm_admin"] as const)
      expect(can(assistant, "invitations:send", { firmId: firmA, role })).toBe(false);
    expect(can(staff, "invitations:send", { firmId: firmA, role: "regular_user" })).toBe(true);
    expect(can(staff, "invitations:send", { firmId: firmA, role: "firm_assistant" })).toBe(false);
    expect(can(admin, "invitations:send", { firmId: firmA, role: "firm_assistant" })).toBe(true);
    const aClient = { firmId: firmA, role: "regular_user" as const, ownerId: client.id };
    for (const action of [
      "release:attest",
      "release:report-death",
      "release-evidence:read",
      "verifier:answer-for-firm",
      "milestones:confirm-for-firm",
      "vault:own",
    ] as const)
      expect(can(assistant, action, aClient)).toBe(false);
  });

  it("admins and staff read their own firm's clients, nobody else's", () => {
    expect(can(staff, "clients:read", { firmId: firmA })).toBe(true);
    expect(can(staff, "clients:read", { firmId: firmB })).toBe(false);
    expect(can(client, "clients:read", { firmId: firmA })).toBe(false);
    expect(can(loner, "clients:read", { firmId: null })).toBe(false);
  });

  it("only a client without a firm may join one", () => {
    expect(can(loner, "firm:join")).toBe(true);
    expect(can(client, "firm:join")).toBe(false);
    expect(can(staff, "firm:join")).toBe(false);
  });

  it("only a client without a firm may register one (decision 034)", () => {
    expect(can(loner, "firm:register")).toBe(true);
    expect(can(client, "firm:register")).toBe(false);
    expect(can(staff, "firm:register")).toBe(false);
    expect(can(admin, "firm:register")).toBe(false);
  });

  it("a vault is its owner's alone, whatever the role or firm", () => {
    expect(can(client, "vault:own", { ownerId: client.id })).toBe(true);
    expect(can(admin, "vault:own", { ownerId: client.id })).toBe(false);
    expect(can(staff, "vault:own", { ownerId: client.id })).toBe(false);
    expect(can(loner, "vault:own", { ownerId: client.id })).toBe(false);
    expect(can(client, "vault:own", {})).toBe(false);
  });

  it("an account is deleted only by its own person (decision 042)", () => {
    expect(can(client, "account:delete", { ownerId: client.id })).toBe(true);
    expect(can(admin, "account:delete", { ownerId: admin.id })).toBe(true);
    expect(can(admin, "account:delete", { ownerId: client.id })).toBe(false);
    expect(can(staff, "account:delete", { ownerId: client.id })).toBe(false);
    expect(can(client, "account:delete", {})).toBe(false);
  });

  it("a refusal looks exactly like a missing record", () => {
    expect(() => requireAccess(staff, "staff:manage", { firmId: firmA })).toThrowError(
      expect.objectContaining({ code: "NOT_FOUND", status: 404 }),
    );
  });

  it("only an admin of the client's own firm downloads the evidence of the client's release (decision 079)", () => {
    const ofClient = { firmId: firmA, role: "regular_user" as const };
    expect(can(admin, "release-evidence:read", ofClient)).toBe(true);
    expect(can(admin, "release-evidence:read", { ...ofClient, firmId: firmB })).toBe(false);
    expect(can(admin, "release-evidence:read", { firmId: firmA, role: "firm_staff" })).toBe(false);
    expect(can(admin, "release-evidence:read", { ...ofClient, firmId: null })).toBe(false);
    expect(can(staff, "release-evidence:read", ofClient)).toBe(false);
    expect(can(client, "release-evidence:read", ofClient)).toBe(false);
  });
});

describe("verifier rules (decision 081)", () => {
  it("only the owner manages their verifiers", () => {
    expect(can(client, "verifiers:manage", { ownerId: "c" })).toBe(true);
    expect(can(admin, "verifiers:manage", { ownerId: "c" })).toBe(false);
    expect(can(loner, "verifiers:manage", { ownerId: "c" })).toBe(false);
  });

  it("only an admin of the client's own firm answers for the firm", () => {
    const theClient = { firmId: firmA, role: "regular_user", ownerId: "c" } as const;
    expect(can(admin, "verifier:answer-for-firm", theClient)).toBe(true);
    expect(can(staff, "verifier:answer-for-firm", theClient)).toBe(false);
    expect(can(admin, "verifier:answer-for-firm", { ...theClient, firmId: firmB })).toBe(false);
    expect(can(client, "verifier:answer-for-firm", theClient)).toBe(false);
  });
});

describe("milestone rules (decision 109)", () => {
  it("only an admin of the client's own firm confirms a milestone left to the firm", () => {
    const theClient = { firmId: firmA, role: "regular_user", ownerId: "c" } as const;
    expect(can(admin, "milestones:confirm-for-firm", theClient)).toBe(true);
    expect(can(staff, "milestones:confirm-for-firm", theClient)).toBe(false);
    expect(can(admin, "milestones:confirm-for-firm", { ...theClient, firmId: firmB })).toBe(false);
    expect(can(admin, "milestones:confirm-for-firm", { ...theClient, role: "firm_staff" })).toBe(
      false,
    );
    expect(can(client, "milestones:confirm-for-firm", theClient)).toBe(false);
  });
});
