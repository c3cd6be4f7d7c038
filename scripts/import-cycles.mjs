// Import cycles of `npm run lint`: every import counts, static, type-only or dynamic. A cycle of
// static value imports makes module start-up order depend on which file is loaded first (a value
// read before its module ran is undefined); one closed by a type-only or dynamic import does not
// break at run time, but still ties the files into one unit that cannot be understood, tested or
// left out of a build one by one.
import { existsSync, statSync } from 'node:fs';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file an import of `target` (a path without extension, from the project root) loads, or null. */
export function resolveImport(root, target) {
  for (const candidate of [target, ...EXTENSIONS.map((ext) => `${target}${ext}`)]) {
    const abs = `${root}/${candidate}`;
    if (existsSync(abs) && statSync(abs).isFile()) return candidate;
  }
  return null;
}

/**
 * Every cycle of `graph` (file -> files it imports) as one strongly connected component of two
 * or more files (or a file importing itself), sorted for a stable message. Tarjan's algorithm,
 * iterative so a deep chain cannot overflow the stack.
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node] = frame;
      const edges = [...(graph.get(node) ?? [])];
      if (frame[1] < edges.length) {
        const to = edges[frame[1]++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) {
          low.set(node, Math.min(low.get(node), index.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
      }
    }
  }
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}
