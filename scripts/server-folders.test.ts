import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The server's map, folder by folder (docs/architecture.md, Floors): no two folders of server/
 * import each other, straight or round a loop. Lint's rows keep the folders they name in order;
 * this reads every import of every product file, so it also sees folders that no row names.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const server = path.join(root, "server");

/** Every product file of server/ (no tests, no migrations), as paths from server/. */
function productFiles(dir = server): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : productFiles(full);
    const isProduct = entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts");
    return isProduct ? [path.relative(server, full)] : [];
  });
}

/** A file's room on the map: its first folder under server/, or the file itself at the top. */
const roomOf = (file: string) => file.split(path.sep)[0] ?? file;

const IMPORT = /(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/g;

/** Each room and the other rooms its files import. */
function serverMap(): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const file of productFiles()) {
    const from = roomOf(file);
    for (const match of readFileSync(path.join(server, file), "utf8").matchAll(IMPORT)) {
      const target = path.relative(
        server,
        path.resolve(path.dirname(path.join(server, file)), match[1] ?? match[2] ?? ""),
      );
      if (target.startsWith("..")) continue; // common/, outside the map
      const to = roomOf(target.replace(/\.js$/, ".ts"));
      if (to === from) continue;
      map.set(from, (map.get(from) ?? new Set()).add(to));
    }
  }
  return map;
}

/** The rooms that reach one another (strongly connected, more than one room each), sorted. */
function loopsOf(map: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (room: string) => {
    index.set(room, index.size);
    low.set(room, index.get(room) ?? 0);
    stack.push(room);
    for (const next of map.get(room) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next))
        low.set(room, Math.min(low.get(room) ?? 0, low.get(next) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(room) !== index.get(room)) return;
    const loop: string[] = [];
    let top: string | undefined;
    do {
      top = stack.pop();
      if (top) loop.push(top);
    } while (top && top !== room);
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const room of map.keys()) if (!index.has(room)) visit(room);
  return loops;
}

describe("the server's folders", () => {
  it("import one another in one direction only: no pair, no loop", () => {
    const map = serverMap();
    expect(map.get("app.ts")?.has("flows")).toBe(true); // the map is read
    expect(loopsOf(map)).toEqual([]);
  });

  it("would show a pair or a loop", () => {
    const map = new Map([
      ["firms", new Set(["firm-codes"])],
      ["firm-codes", new Set(["firms"])],
      ["deps.ts", new Set(["mail"])],
      ["mail", new Set(["http"])],
      ["http", new Set(["deps.ts", "errors.ts"])],
    ]);
    expect(loopsOf(map)).toEqual([
      ["firm-codes", "firms"],
      ["deps.ts", "http", "mail"],
    ]);
  });
});
