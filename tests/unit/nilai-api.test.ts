import { describe, expect, it } from 'vitest';
import { requestFor } from '@/api/nilai';

describe('requestFor', () => {
  it.each([
    ['nilai.save', 'POST', '/api/nilai/bulk'],
    ['nilai.reset', 'DELETE', '/api/nilai/peserta/7'],
    ['review.approve', 'POST', '/api/review/approve/7'],
    ['review.reject', 'POST', '/api/review/reject/7'],
    ['review.cancel', 'POST', '/api/review/cancel/7'],
    ['presensi.save', 'PUT', '/api/presensi'],
  ] as const)('%s -> %s %s', (kind, method, path) => {
    expect(requestFor(kind, 7)).toEqual({ method, path });
  });
});
