/** One first-route JS file and its gzip size in bytes. */
export interface FirstRouteRow {
  file: string;
  size: number;
}

/** The first-route JS files of the build in `webRoot` (largest first) and their total gzip bytes. */
export function measureFirstRoute(webRoot: string): { rows: FirstRouteRow[]; total: number };
