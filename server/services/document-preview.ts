// The certificate preview (GET /api/sertifikat/preview/:id): the certificate's SVG
// (src/documents certificateSvg, the same drawing as the PDF) rendered to PNG with resvg.
//
// resvg-js 2.6's native binding takes fonts only as file paths (its options cross to Rust as
// JSON, so `fontBuffers` exists only in the wasm build): the embedded document fonts
// (documentFontFiles) are written once to a folder under the OS temp directory named by their
// hash, so every process reuses the same files, and system fonts are never loaded — the
// preview looks the same on every machine.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import { documentFontFiles } from '../../src/documents/fonts';
import type { DocumentInput } from '../../src/documents/input';
import { certificateSvg } from '../../src/documents/make';

/** Width of the preview image in pixels. */
const PREVIEW_WIDTH_PX = 1200;

interface FontSet {
  files: string[];
  defaultFamily: string;
}

let fontSet: FontSet | null = null;

/** The document fonts as files (written on first use), and the family to fall back on. */
function fonts(): FontSet {
  if (fontSet) return fontSet;
  const list = documentFontFiles();
  const hash = createHash('sha256');
  for (const font of list) hash.update(font.ttf);
  const dir = path.join(tmpdir(), `magang-fonts-${hash.digest('hex').slice(0, 16)}`);
  mkdirSync(dir, { recursive: true });
  const files = list.map((font, index) => {
    const file = path.join(dir, `${index}-${font.family.replace(/[^A-Za-z0-9]+/g, '_')}-${font.weight}-${font.style}.ttf`);
    if (!existsSync(file)) {
      // Written aside, then renamed: a concurrent process never reads half a file.
      const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
      writeFileSync(partial, font.ttf);
      renameSync(partial, file);
    }
    return file;
  });
  fontSet = { files, defaultFamily: list[0]?.family ?? '' };
  return fontSet;
}

/** The certificate of `input` as a PNG, PREVIEW_WIDTH_PX wide (rendered off the event loop). */
export async function certificatePreviewPng(input: DocumentInput): Promise<Uint8Array> {
  const svg = certificateSvg(input);
  const { files, defaultFamily } = fonts();
  const image = await renderAsync(svg, {
    fitTo: { mode: 'width', value: PREVIEW_WIDTH_PX },
    font: { loadSystemFonts: false, fontFiles: files, defaultFontFamily: defaultFamily },
    background: '#ffffff',
    logLevel: 'off',
  });
  return image.asPng();
}
