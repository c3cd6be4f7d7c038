// Types of check-list-params.mjs for the test that imports it.
export function listParamProblems(source: string): { line: number; text: string }[];
export function serverListParamProblems(root: string): string[];
