/** Types for check-bundle.mjs, which e2e/bundle-budget.e2e.ts imports to compare with what Chromium loads. */
/** Sizes in bytes: the built file, its precompressed `.br` (what a browser accepting brotli receives) and `.gz`. */
export type BundleRow = { file: string; raw: number; br: number; gzip: number };
/**
 * `total`: bytes transferred (each file's `br` and RESPONSE_HEADER_BYTES), the figure under budget;
 * `bodies`: the sum of `br` alone; `rawTotal`: the files' own size.
 */
export type PageBundle = {
  page: string;
  rows: BundleRow[];
  bodies: number;
  total: number;
  rawTotal: number;
};
export declare const BUDGET_BYTES: number;
export declare const RESPONSE_HEADER_BYTES: number;
export declare const BUDGET_PAGES: Record<string, string>;
export declare const PRELOADED_PAGES: Record<string, string>;
export declare function measurePages(distDir?: string): PageBundle[];
export declare function formatTable(results: PageBundle[]): string;
/** A chunk key of Vite's manifest plus every chunk it imports statically, recursively. */
export declare function chunkClosure(
  manifest: Record<string, { file: string; imports?: string[] }>,
  key: string,
  seen?: Set<string>,
): Set<string>;
/** A prepared page's classic scripts, and the entry chunk and screen chunks that start-app.js loads (paths under dist). */
export declare function pageScripts(html: string): {
  scripts: string[];
  entry: string | undefined;
  preloads: string[];
};
/** What a prepared page's body holds after its `#root` marked `data-prerendered="<page>"`, or undefined without one. */
export declare function prerenderedMarkup(html: string, page: string): string | undefined;
/** Throws unless each of PRELOADED_PAGES has its prepared HTML preloading exactly its screen's own chunks, its `#root` prerendered. */
export declare function checkPreloadedPages(distDir?: string): void;
