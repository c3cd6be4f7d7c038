// Writes dist/web/login.html (after `vite build`): the built index.html with the login page
// already in #root, rendered from the real LoginPage component with react-dom/server, so the
// markup is the one React renders (same texts, classes, sizes: no layout shift when React
// takes over). The server answers `/` with it (server/plugins/web-static.ts): a phone paints
// the login form from the HTML and the stylesheet, before any JS has arrived (measured:
// Lighthouse LCP on `/` 2.5 s -> see docs/performance-first-load.md).
//
// The shell is the live login form (see liveShell and src/app/login-shell.ts): the user can type
// into it before any JS has run, and LoginPage takes over what was typed when React replaces it.
// Every other path keeps index.html and its neutral placeholder, as does the service worker
// (a logged-in user opening `/` from the precache never sees a login form flash).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = `${root}dist/web`;
const bundle = `${root}dist/login-shell.tmp.mjs`;

await build({
  stdin: {
    contents: `
      import { createElement } from 'react';
      import { renderToStaticMarkup } from 'react-dom/server';
      import { ApiProvider } from '@/api/api-context';
      import { LoginPage } from '@/features/auth/login-page';
      // Rendering only: the client is never called.
      const api = new Proxy({}, { get: () => () => { throw new Error('login shell: no API at build time'); } });
      export const markup = renderToStaticMarkup(
        createElement(ApiProvider, { api }, createElement(LoginPage, { onLoggedIn: () => undefined })),
      );
    `,
    resolveDir: root,
    loader: 'tsx',
  },
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  jsx: 'automatic',
  packages: 'external',
  alias: { '@': `${root}src` },
  loader: { '.css': 'empty' },
  logLevel: 'warning',
});
let markup;
try {
  ({ markup } = await import(pathToFileURL(bundle).href));
} finally {
  rmSync(bundle, { force: true });
}
// React 19's server renderer puts resource hints (<link rel="preload"> for the logo) first; the
// <img> itself is in the markup and loads from there.
markup = markup.replace(/^(<link [^>]*\/>)+/, '');
if (!markup.startsWith('<main class="login"')) throw new Error(`login shell: unexpected markup ${markup.slice(0, 60)}`);

/**
 * Marks the shell for src/boot.ts (`data-login-shell`, src/app/login-shell.ts) and disables its
 * Login button until that script has taken charge of the form: without it the browser would
 * submit the form itself, the password in the address.
 */
function liveShell(page) {
  const marked = page.replace('<main class="login"', '<main class="login" data-login-shell=""');
  const submit = /<button type="submit"([^>]*)>/;
  if (!submit.test(marked)) throw new Error('login shell: no submit button in the login form');
  return marked.replace(submit, '<button type="submit" disabled=""$1>');
}

const html = readFileSync(`${webRoot}/index.html`, 'utf8');
const rootDiv = /<div id="root">[\s\S]*?<\/div><\/div>/;
if (!rootDiv.test(html)) throw new Error('login shell: no <div id="root"> placeholder in dist/web/index.html');
const shell = html
  .replace(rootDiv, () => `<div id="root">${liveShell(markup)}</div>`)
  // The tab title React sets on the login page (useDocumentTitle).
  .replace(/<title>[^<]*<\/title>/, '<title>Login · Magang</title>');
writeFileSync(`${webRoot}/login.html`, shell);
console.log(`login shell: dist/web/login.html (${(shell.length / 1024).toFixed(1)} KB)`);
