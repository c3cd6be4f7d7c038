import { describe, expect, it } from 'vitest';
import { type BuildManifest, budgetVerdict, firstRouteFiles } from '../../scripts/bundle-graph.mjs';

/** The shape of a real build: an entry, shared library chunks, lazy screens with shared code. */
const MANIFEST: BuildManifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js', '_router-c3.js', '_shared-d4.js'],
    dynamicImports: ['src/features/dashboard/dashboard-page.tsx', 'src/features/grade/grade-page.tsx'],
    css: ['assets/style-e5.css'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js', imports: ['_runtime-f6.js'] },
  '_router-c3.js': { file: 'assets/router-c3.js', imports: ['_runtime-f6.js', '_react-b2.js'] },
  '_runtime-f6.js': { file: 'assets/runtime-f6.js' },
  '_shared-d4.js': { file: 'assets/shared-d4.js', imports: ['_react-b2.js'] },
  'src/features/dashboard/dashboard-page.tsx': {
    file: 'assets/dashboard-page-g7.js',
    isDynamicEntry: true,
    imports: ['_charts-h8.js', '_shared-d4.js', 'index.html'],
  },
  '_charts-h8.js': { file: 'assets/charts-h8.js' },
  'src/features/grade/grade-page.tsx': {
    file: 'assets/grade-page-i9.js',
    isDynamicEntry: true,
    imports: ['_shared-d4.js'],
    // A lazy import inside a lazy screen is not first-route code either.
    dynamicImports: ['_pdf-j0.js'],
  },
  '_pdf-j0.js': { file: 'assets/pdf-j0.js', isDynamicEntry: true },
};

describe('firstRouteFiles', () => {
  it('should list the entry and its static imports, transitively, each once and sorted', () => {
    expect(firstRouteFiles(MANIFEST)).toEqual([
      'assets/index-a1.js',
      'assets/react-b2.js',
      'assets/router-c3.js',
      'assets/runtime-f6.js',
      'assets/shared-d4.js',
    ]);
  });

  it('should not follow dynamic imports (lazy screens and what only they import)', () => {
    const files = firstRouteFiles(MANIFEST);
    expect(files).not.toContain('assets/dashboard-page-g7.js');
    expect(files).not.toContain('assets/charts-h8.js');
    expect(files).not.toContain('assets/grade-page-i9.js');
    expect(files).not.toContain('assets/pdf-j0.js');
  });

  it('should count a chunk that becomes static (imported by the entry) in full', () => {
    const manifest: BuildManifest = {
      ...MANIFEST,
      'index.html': { ...MANIFEST['index.html']!, imports: [...MANIFEST['index.html']!.imports!, '_charts-h8.js'] },
    };
    expect(firstRouteFiles(manifest)).toContain('assets/charts-h8.js');
  });

  it('should leave out non-JS files and survive import cycles', () => {
    const manifest: BuildManifest = {
      'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_a.js'] },
      '_a.js': { file: 'assets/a.js', imports: ['_b.js', '_font.woff2'] },
      '_b.js': { file: 'assets/b.js', imports: ['_a.js'] },
      '_font.woff2': { file: 'assets/font.woff2' },
    };
    expect(firstRouteFiles(manifest)).toEqual(['assets/a.js', 'assets/b.js', 'assets/index-a1.js']);
  });

  it('should throw when the manifest has no entry or names an import it does not list', () => {
    expect(() => firstRouteFiles({ '_a.js': { file: 'assets/a.js' } })).toThrow(/no entry/);
    expect(() => firstRouteFiles({ 'index.html': { file: 'assets/i.js', isEntry: true, imports: ['_gone.js'] } })).toThrow(
      /'_gone\.js' is imported but not listed/,
    );
  });
});

describe('budgetVerdict', () => {
  it.each([
    [150 * 1024, true, 'first-route JS: 150.0 KB gzip (budget 150 KB)'],
    [150 * 1024 + 1, false, 'first-route JS: 150.0 KB gzip (budget 150 KB)'],
    [174.1 * 1024, false, 'first-route JS: 174.1 KB gzip (budget 150 KB)'],
    [98.76 * 1024, true, 'first-route JS: 98.8 KB gzip (budget 150 KB)'],
  ])('should judge %i bytes against 150 KB as ok=%s', (bytes, ok, line) => {
    expect(budgetVerdict(bytes, 150)).toEqual({ ok, line });
  });
});
