import { describe, expect, it } from "vitest";
import { profileSectionFor, sectionAt, sectionsFor } from "./sections";

describe("the profile's sections (decision 074)", () => {
  it("a client has five, the last their law firm; firm staff and admins have no 'Your firm'", () => {
    expect(sectionsFor("regular_user").map((s) => s.label)).toEqual([
      "Account",
      "Sign-in and security",
      "Keys and recovery",
      "Your data",
      "Your firm",
    ]);
    for (const role of ["firm_admin", "firm_staff"] as const)
      expect(sectionsFor(role).map((s) => s.section)).toEqual([
        "account",
        "security",
        "keys",
        "data",
      ]);
  });

  it("knows a section by its address, with or without a trailing slash, only for a role that has it", () => {
    expect(sectionAt("/profile/security", "firm_staff")).toBe("security");
    expect(sectionAt("/profile/data/", "regular_user")).toBe("data");
    expect(sectionAt("/profile/firm", "regular_user")).toBe("firm");
    expect(sectionAt("/profile/firm", "firm_admin")).toBeUndefined();
    expect(sectionAt("/profile", "regular_user")).toBeUndefined();
  });

  it("/profile goes to the first section, keeping its query", () => {
    expect(profileSectionFor({ search: "", hash: "" })).toEqual({
      pathname: "/profile/account",
      search: "",
      hash: "",
    });
    expect(profileSectionFor({ search: "?tab=x", hash: "#nothing-here" })).toEqual({
      pathname: "/profile/account",
      search: "?tab=x",
      hash: "",
    });
  });

  it("an anchor that links and e-mails sent before the sections name goes to the section holding its card", () => {
    const to = (hash: string) => profileSectionFor({ search: "", hash });
    expect(to("#passkeys")).toEqual({
      pathname: "/profile/security",
      search: "",
      hash: "#passkeys",
    });
    expect(to("#sessions").pathname).toBe("/profile/security");
    expect(to("#sign-in-protection").pathname).toBe("/profile/security");
    expect(to("#delete-account").pathname).toBe("/profile/data");
    // a name every object has is no anchor of ours
    expect(to("#constructor").pathname).toBe("/profile/account");
  });
});
