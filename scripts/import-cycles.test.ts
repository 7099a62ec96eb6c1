import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

/**
 * No import cycle anywhere (docs/architecture.md, Lint; decision 109): every file that lint reads
 * (server/, common/, web/, test/, e2e/, scripts/ and the root's), each import, re-export and
 * dynamic import of a file of this project, as `import-x/no-cycle` judged them before: imports of
 * types alone make no cycle (they are gone at run time), a dynamic `import()` does. The rule read
 * every imported file again for each file it judged (55 of ESLint's 150 seconds); this reads each
 * file once.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const SKIP = new Set(["node_modules", "dist", "data", "test-results", "migrations", ".tmp"]);
const TOP = ["server", "common", "web", "test", "e2e", "scripts"];
/** Files other tests write for a moment while this one may run (lint-boundaries.test.ts's probes). */
const PROBE = /^lint-probe-\d+/;

/** Every source file under `dir` (relative to the root), skipping builds, data and migrations. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || SKIP.has(entry.name) || PROBE.test(entry.name)) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

function projectFiles(): string[] {
  const atRoot = readdirSync(root).filter((name) => SOURCE.test(name) && !name.endsWith(".d.ts"));
  return [...atRoot, ...TOP.flatMap((dir) => sourceFiles(dir))];
}

/** An import that runs: not `import type`, not one whose every name is a type. */
function importRuns(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return true; // import "./side-effect.js"
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
}

/** The module names a file imports at run time: imports, re-exports and dynamic imports. */
export function importsOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      importRuns(node) &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      names.push(node.moduleSpecifier.text);
    else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      names.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      names.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** The project file `name` names from `from` (relative, or web's `@/` and `@common/`), or null. */
export function resolveImport(
  from: string,
  name: string,
  exists: (file: string) => boolean = existsSync,
): string | null {
  let target: string;
  if (name.startsWith(".")) target = path.join(path.dirname(from), name);
  else if (from.startsWith(`web${path.sep}`) && name.startsWith("@/"))
    target = path.join("web", "src", name.slice(2));
  else if (from.startsWith(`web${path.sep}`) && name.startsWith("@common/"))
    target = path.join("common", name.slice("@common/".length));
  else return null; // a package
  const stems = target.endsWith(".js") ? [target.slice(0, -3), target] : [target];
  for (const stem of stems)
    for (const extension of EXTENSIONS) {
      const candidate = stem + extension;
      if (SOURCE.test(candidate) && exists(path.join(root, candidate))) return candidate;
    }
  return null;
}

/** The groups of files that import one another, round a loop (a file importing itself too). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.size - 1);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next))
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      group.push(top);
      if (top === file) break;
    }
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles.sort((x, y) => (x[0] ?? "").localeCompare(y[0] ?? ""));
}

function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      const targets = importsOf(file, text).flatMap((name) => resolveImport(file, name) ?? []);
      return [file, [...new Set(targets)]];
    }),
  );
}

describe("import cycles", () => {
  const probe = path.join("scripts", `.cycle-probe-${process.pid}`);
  afterAll(() => rmSync(path.join(root, probe), { recursive: true, force: true }));

  it("the project has none", () => {
    const files = projectFiles();
    expect(files.length).toBeGreaterThan(500);
    const graph = importGraph(files);
    // the aliases resolve: a web screen reaches common/ and web/src/lib through them
    expect([...graph.values()].flat()).toContain(path.join("common", "assets.ts"));
    expect(cyclesOf(graph).map((group) => group.join(" -> "))).toEqual([]);
  });

  it("finds a loop of imports, and ignores imports of types alone", () => {
    mkdirSync(path.join(root, probe), { recursive: true });
    const write = (name: string, text: string) => writeFileSync(path.join(root, probe, name), text);
    write("a.ts", 'import { b } from "./b.js";\nexport const a = (): number => b() + 1;\n');
    write("b.ts", 'import { c } from "./c.js";\nexport const b = (): number => c();\n');
    write("c.ts", 'export { a } from "./a.js";\nexport const c = (): number => 1;\n');
    write("d.ts", 'import type { A } from "./e.js";\nexport type D = A;\nexport const d = 1;\n');
    write("e.ts", 'import { type D } from "./d.js";\nexport type A = D;\n');
    write("f.ts", 'export const f = () => import("./g.js");\n');
    write("g.ts", 'import { f } from "./f.js";\nexport const g = f;\n');
    const files = ["a", "b", "c", "d", "e", "f", "g"].map((n) => path.join(probe, `${n}.ts`));
    expect(cyclesOf(importGraph(files))).toEqual([
      [path.join(probe, "a.ts"), path.join(probe, "b.ts"), path.join(probe, "c.ts")],
      [path.join(probe, "f.ts"), path.join(probe, "g.ts")],
    ]);
  });

  it("resolves web's aliases and leaves packages out", () => {
    const from = path.join("web", "src", "features", "x", "y.tsx");
    const exists = (file: string) =>
      [path.join(root, "web", "src", "lib", "z.ts"), path.join(root, "common", "keys.ts")].includes(
        file,
      );
    expect(resolveImport(from, "@/lib/z", exists)).toBe(path.join("web", "src", "lib", "z.ts"));
    expect(resolveImport(from, "@common/keys", exists)).toBe(path.join("common", "keys.ts"));
    expect(resolveImport(from, "react", exists)).toBeNull();
    expect(resolveImport(path.join("server", "a.ts"), "@/lib/z", exists)).toBeNull();
  });
});
