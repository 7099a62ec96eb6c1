/**
 * For unit tests only (they run in Node, or in happy-dom on Node): a file of this repository, by
 * its path from the root. Node's fs, path and url through `process.getBuiltinModule`, so that web/
 * keeps its browser-only types; not `new URL(…, import.meta.url)`: happy-dom's URL resolves
 * against the page's address, not the file's.
 */
type NodeProcess = {
  getBuiltinModule(id: "node:fs"): { readFileSync(file: string): Uint8Array };
  getBuiltinModule(id: "node:path"): { resolve(...parts: string[]): string };
  getBuiltinModule(id: "node:url"): { fileURLToPath(url: string): string };
};

export function readRepositoryFile(fromRoot: string): Uint8Array<ArrayBuffer> {
  const { process } = globalThis as unknown as { process: NodeProcess };
  const here = process.getBuiltinModule("node:url").fileURLToPath(import.meta.url);
  const file = process.getBuiltinModule("node:path").resolve(here, "../../../..", fromRoot);
  return new Uint8Array(process.getBuiltinModule("node:fs").readFileSync(file));
}
