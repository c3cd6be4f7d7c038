// Types of import-cycles.mjs for the tests that import it.
export function resolveImport(root: string, target: string): string | null;
export function findCycles(graph: Map<string, Set<string>>): string[][];
