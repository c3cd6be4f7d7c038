/**
 * Synchronous, pure FNV-1a 128-bit hashing: the PDF's file id (/ID) and the alias of each
 * signature image are derived from the data, so equal inputs give equal bytes everywhere
 * (Node and the worker) and a batch embeds each image once. Not a security hash.
 */
import type { DocumentInput } from './input';

// FNV-1a 128: offset basis 0x6c62272e07bb014262b821756295c58d, prime 2^88 + 0x13b,
// held as eight 16-bit limbs, least significant first.
const OFFSET_BASIS = [0xc58d, 0x6295, 0x2175, 0x62b8, 0x0142, 0x07bb, 0x272e, 0x6c62];

class Fnv128 {
  private h0 = OFFSET_BASIS[0] as number;
  private h1 = OFFSET_BASIS[1] as number;
  private h2 = OFFSET_BASIS[2] as number;
  private h3 = OFFSET_BASIS[3] as number;
  private h4 = OFFSET_BASIS[4] as number;
  private h5 = OFFSET_BASIS[5] as number;
  private h6 = OFFSET_BASIS[6] as number;
  private h7 = OFFSET_BASIS[7] as number;

  private byte(value: number): void {
    // h * (2^88 + 0x13b) mod 2^128: h * 0x13b plus h shifted left by 88 bits (5 limbs + 8 bits).
    // Each sum stays below 2^26, so plain numbers hold it exactly.
    const h0 = this.h0 ^ value;
    const h1 = this.h1;
    const h2 = this.h2;
    let sum = h0 * 0x13b;
    this.h0 = sum & 0xffff;
    sum = h1 * 0x13b + (sum >>> 16);
    this.h1 = sum & 0xffff;
    sum = h2 * 0x13b + (sum >>> 16);
    this.h2 = sum & 0xffff;
    sum = this.h3 * 0x13b + (sum >>> 16);
    this.h3 = sum & 0xffff;
    sum = this.h4 * 0x13b + (sum >>> 16);
    this.h4 = sum & 0xffff;
    sum = this.h5 * 0x13b + ((h0 << 8) & 0xffff) + (sum >>> 16);
    this.h5 = sum & 0xffff;
    sum = this.h6 * 0x13b + (((h1 << 8) | (h0 >>> 8)) & 0xffff) + (sum >>> 16);
    this.h6 = sum & 0xffff;
    sum = this.h7 * 0x13b + (((h2 << 8) | (h1 >>> 8)) & 0xffff) + (sum >>> 16);
    this.h7 = sum & 0xffff;
  }

  /** Adds a string as UTF-16 code units (two bytes each). */
  text(value: string): this {
    for (let i = 0; i < value.length; i++) {
      const unit = value.charCodeAt(i);
      this.byte(unit & 0xff);
      this.byte(unit >>> 8);
    }
    return this;
  }

  bytes(value: Uint8Array): this {
    for (const b of value) this.byte(b);
    return this;
  }

  /** The hash as 32 lowercase hex digits. */
  hex(): string {
    return [this.h7, this.h6, this.h5, this.h4, this.h3, this.h2, this.h1, this.h0]
      .map((limb) => limb.toString(16).padStart(4, '0'))
      .join('');
  }
}

/** FNV-1a 128 of `parts` in order, as 32 hex digits. */
function fnv1a128(...parts: readonly (string | Uint8Array)[]): string {
  const hash = new Fnv128();
  for (const part of parts) {
    if (typeof part === 'string') hash.text(part);
    else hash.bytes(part);
  }
  return hash.hex();
}

/** The file id of a document made from `inputs` (upper-case hex, as PDF writes it): their data, signature PNGs and logo. */
export function documentFileId(kind: string, inputs: readonly DocumentInput[]): string {
  const hash = new Fnv128().text(kind);
  for (const { verifikasi, logo, ...input } of inputs) {
    // The PNGs are hashed as bytes, not as JSON: a Uint8Array in JSON is an object of indexes,
    // and a Node Buffer's own toJSON would run before any replacer, so they are taken out first.
    const penandatangan = input.penandatangan.map((signer) => ({ ...signer, png: signer.png ? signer.png.length : null }));
    // A null verification hashes as an absent one: the document is the same. Without a logo the
    // text hashed is the one of before, so those documents keep their file id.
    hash.text(JSON.stringify({ ...input, penandatangan, ...(verifikasi ? { verifikasi } : {}), ...(logo ? { logo: imageAlias(logo) } : {}) }));
    for (const signer of input.penandatangan) if (signer.png) hash.text(imageAlias(signer.png));
  }
  return hash.hex().toUpperCase();
}

// A batch hands the same signature array to every page: hash it once.
const aliases = new WeakMap<Uint8Array, string>();

/** The alias of an image in a document, from its bytes: equal PNGs share one embedded copy. */
export function imageAlias(png: Uint8Array): string {
  let alias = aliases.get(png);
  if (alias === undefined) {
    alias = `png-${fnv1a128(png)}`;
    aliases.set(png, alias);
  }
  return alias;
}
