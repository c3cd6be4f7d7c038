import { describe, expect, it } from 'vitest';
import { signatureFileProblem } from '@/api/signature';
import { SIGNATURE_MAX_BYTES, SIGNATURE_MSG } from '@/domain/sertifikat';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const blob = (bytes: number[], size = bytes.length) => {
  const data = new Uint8Array(size);
  data.set(bytes.slice(0, size));
  return new Blob([data]);
};

describe('signatureFileProblem', () => {
  it.each([
    ['a PNG', blob([...PNG_HEAD, 0, 0, 0, 13]), null],
    ['a PNG of exactly 1 MB', blob(PNG_HEAD, SIGNATURE_MAX_BYTES), null],
    ['a PNG one byte over 1 MB', blob(PNG_HEAD, SIGNATURE_MAX_BYTES + 1), SIGNATURE_MSG.tooLarge],
    ['a JPEG', blob([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]), SIGNATURE_MSG.notPng],
    ['a text file named .png', blob([...new TextEncoder().encode('hello world')]), SIGNATURE_MSG.notPng],
    ['an empty file', blob([]), SIGNATURE_MSG.notPng],
  ])('should judge %s', async (_, file, expected) => {
    expect(await signatureFileProblem(file)).toBe(expected);
  });
});
