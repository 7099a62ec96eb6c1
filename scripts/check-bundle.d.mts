/** Types for check-bundle.mjs, which e2e/bundle-budget.e2e.ts imports to compare with what Chromium loads. */
export type BundleRow = { file: string; raw: number; gzip: number };
export type PageBundle = { page: string; rows: BundleRow[]; total: number };
export declare const BUDGET_BYTES: number;
export declare const BUDGET_PAGES: Record<string, string>;
export declare function gzippedSize(bytes: Uint8Array): number;
export declare function measurePages(distDir?: string): PageBundle[];
export declare function formatTable(results: PageBundle[]): string;
