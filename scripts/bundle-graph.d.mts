/** One chunk of Vite's build manifest (only the fields the budget check reads). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Vite's `.vite/manifest.json`: source id (or chunk key) -> chunk. */
export type BuildManifest = Record<string, ManifestChunk>;

/** JS files of the first page load: entries plus their static imports, sorted, each once. */
export function firstRouteFiles(manifest: BuildManifest): string[];

/** The summary line and whether `gzipBytes` is within `budgetKb` kilobytes. */
export function budgetVerdict(gzipBytes: number, budgetKb: number): { ok: boolean; line: string };
