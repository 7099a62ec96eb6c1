/**
 * For unit tests only (they run in Node): a file of this repository, by its path from the root.
 * Node's fs through `process.getBuiltinModule`, so that web/ keeps its browser-only types.
 */
type NodeProcess = {
  getBuiltinModule(id: "node:fs"): { readFileSync(file: URL): Uint8Array };
};

export function readRepositoryFile(fromRoot: string): Uint8Array<ArrayBuffer> {
  const { process } = globalThis as unknown as { process: NodeProcess };
  const file = new URL(`../../../${fromRoot}`, import.meta.url);
  return new Uint8Array(process.getBuiltinModule("node:fs").readFileSync(file));
}
