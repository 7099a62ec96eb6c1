import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PLAYBOOK } from "../common/playbook.js";

/**
 * The playbook's data files (docs/decisions/088): every file of common/playbook/ is in PLAYBOOK,
 * named for its id, so that common/playbook.test.ts validates each one. (Here, not in common/, as
 * common/ reads no files.) platform.ts is not data: it is the shape every data file follows.
 */
const SHAPE = "platform.ts";

describe("common/playbook/", () => {
  it("lists every data file once, named for its id, and nothing else", () => {
    const files = readdirSync(new URL("../common/playbook/", import.meta.url));
    const data = files.filter((f) => f !== SHAPE);
    expect(files).toContain(SHAPE);
    expect(PLAYBOOK.map((p) => `${p.id}.ts`).sort()).toEqual(data.sort());
    expect(PLAYBOOK.some((p) => `${p.id}.ts` === SHAPE)).toBe(false);
  });
});
