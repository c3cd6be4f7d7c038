// `npm run lint`: no server query writes a list out as one bound parameter per element. A list
// goes to SQL as one array parameter through server/db/list-params.ts (idIn, textIn, intArray,
// dateArray); on the embedded database a list written out element by element can exhaust the
// engine's stack (see that file). Refused in server/**/*.ts:
// - `inArray(col, x)` / `notInArray(col, x)` unless `x` is a sub-select (`….select(…)`);
// - `sql.join(list.map(…), …)`: fragments made per element, each binding its own parameter;
// - `in (${a}, ${b}` written out in a sql template.
// At run time client.ts refuses what this cannot see (listParamsGuard).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The text of the call's arguments from `open` (the index of its `(`) to the matching `)`. */
function argumentsAt(source, open) {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    const char = source[i];
    if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth === 0) return source.slice(open + 1, i);
    }
  }
  return source.slice(open + 1);
}

/** The second top-level argument of an argument list. */
function secondArgument(args) {
  let depth = 0;
  for (let i = 0; i < args.length; i += 1) {
    const char = args[i];
    if ('([{'.includes(char)) depth += 1;
    else if (')]}'.includes(char)) depth -= 1;
    else if (char === ',' && depth === 0) return args.slice(i + 1).trim();
  }
  return '';
}

const lineOf = (source, index) => source.slice(0, index).split('\n').length;

/** Whether `index` is inside a comment line (`//…` or ` * …`). */
function inComment(source, index) {
  const start = source.lastIndexOf('\n', index) + 1;
  return /^\s*(?:\/\/|\*|\/\*)/.test(source.slice(start, index));
}

/** A sub-select: written in place, or a constant of this file assigned one. */
function isSubSelect(source, list) {
  if (/\.select\(/.test(list)) return true;
  const name = /^[A-Za-z_$][\w$]*$/.exec(list)?.[0];
  return name !== undefined && new RegExp(`\\bconst ${name}\\s*=\\s*\\w+\\s*\\.select\\(`).test(source);
}

/** The list parameters `source` writes out element by element: `{ line, text }` each. */
export function listParamProblems(source) {
  const problems = [];
  for (const match of source.matchAll(/\b(?:notInArray|inArray)\(/g)) {
    if (inComment(source, match.index)) continue;
    const open = match.index + match[0].length - 1;
    const list = secondArgument(argumentsAt(source, open));
    if (!isSubSelect(source, list)) problems.push({ line: lineOf(source, match.index), text: `${match[0]}…, ${list.slice(0, 40)}): a JS array; use idIn / textIn` });
  }
  for (const match of source.matchAll(/\bsql\.join\(/g)) {
    if (inComment(source, match.index)) continue;
    const open = match.index + match[0].length - 1;
    const args = argumentsAt(source, open);
    const first = args.slice(0, args.length - secondArgument(args).length);
    if (/\.map\(/.test(first)) problems.push({ line: lineOf(source, match.index), text: 'sql.join(list.map(…)): one parameter per element; use intArray / textArray / dateArray' });
  }
  for (const match of source.matchAll(/\bin \(\$\{[^}]*\},\s*\$\{/g)) {
    if (inComment(source, match.index)) continue;
    problems.push({ line: lineOf(source, match.index), text: 'in (${a}, ${b}…): a list written out; use idIn / textIn' });
  }
  return problems;
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.ts$/.test(name)) yield path;
  }
}

/** Every problem of the server's sources, as `file:line: text`. */
export function serverListParamProblems(root) {
  const found = [];
  for (const file of walk(join(root, 'server'))) {
    for (const problem of listParamProblems(readFileSync(file, 'utf8'))) found.push(`${relative(root, file)}:${problem.line}: ${problem.text}`);
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = serverListParamProblems(fileURLToPath(new URL('..', import.meta.url)));
  if (found.length > 0) {
    console.error(`Daftar ditulis sebagai parameter satu per elemen (kirim sebagai satu array, server/db/list-params.ts):\n${found.join('\n')}`);
    process.exit(1);
  }
  console.log('list parameters: ok');
}
