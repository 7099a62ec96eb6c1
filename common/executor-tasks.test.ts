import { describe, expect, it } from "vitest";
import { taskActionForEntry, taskActionForPlatform, updateTaskSchema } from "./executor-tasks.js";

describe("taskActionForEntry", () => {
  it("takes the entry's outcome, claims a pension or policy passed on, cancels a subscription closed, reviews an undecided one", () => {
    expect(taskActionForEntry({ category: "bank", action: "close" })).toBe("close");
    expect(taskActionForEntry({ category: "subscription", action: "close" })).toBe("cancel");
    expect(taskActionForEntry({ category: "pension", action: "transfer" })).toBe("claim");
    expect(taskActionForEntry({ category: "insurance", action: "transfer" })).toBe("claim");
    expect(taskActionForEntry({ category: "vehicle", action: "transfer" })).toBe("transfer");
    expect(taskActionForEntry({ category: "digital", action: "memorialise" })).toBe("memorialise");
    expect(taskActionForEntry({ category: "subscription", action: "keep-paying" })).toBe(
      "keep-paying",
    );
    expect(taskActionForEntry({ category: null, action: null })).toBe("review");
  });
});

describe("updateTaskSchema", () => {
  it("refuses an empty change, a note in clear and a date that does not exist", () => {
    expect(updateTaskSchema.safeParse({}).success).toBe(false);
    expect(updateTaskSchema.safeParse({ note: "my sort code" }).success).toBe(false);
    expect(updateTaskSchema.safeParse({ dueDate: "2027-02-30" }).success).toBe(false);
    expect(updateTaskSchema.safeParse({ status: "done", dueDate: null }).success).toBe(true);
  });
});

describe("taskActionForPlatform", () => {
  it("asks for a memorial where the platform keeps one, and closes every other account", () => {
    expect(taskActionForPlatform("facebook")).toBe("memorialise");
    expect(taskActionForPlatform("instagram")).toBe("memorialise");
    expect(taskActionForPlatform("linkedin")).toBe("memorialise");
    expect(taskActionForPlatform("google")).toBe("close");
    expect(taskActionForPlatform("bank")).toBe("close");
  });
});
