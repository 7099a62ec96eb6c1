import { FIRM_OVERVIEW_MSG as MSG } from "@common/dashboard";
import { describe, expect, it } from "vitest";
import { firmTiles } from "./firm-numbers";

const summary = (tiles: ReturnType<typeof firmTiles>) =>
  tiles.map((t) => [t.label, t.count, t.to ?? null]);

describe("firmTiles (the Firm Overview's numbers, issue 16)", () => {
  it("an admin's four: clients, staff, active codes and pending invitations, each a link", () => {
    const tiles = firmTiles({
      clients: 12,
      staff: 3,
      activeCodes: 2,
      pendingInvitations: 4,
      myActions: [],
    });
    expect(summary(tiles)).toEqual([
      [MSG.clients, 12, "/clients"],
      [MSG.staff, 3, "/staff"],
      [MSG.activeCodes, 2, "/firm/codes"],
      [MSG.pendingInvitations, 4, "/staff"],
    ]);
  });

  it("staff get two: clients, and their pending client invitations (no link: the list is an admin's)", () => {
    const tiles = firmTiles({ clients: 7, pendingInvitations: 1, myActions: [] });
    expect(summary(tiles)).toEqual([
      [MSG.clients, 7, "/clients"],
      [MSG.pendingClientInvitations, 1, null],
    ]);
  });
});
