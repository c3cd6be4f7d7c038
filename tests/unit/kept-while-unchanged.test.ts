// The rule every kept value follows (server/db/kept-while-unchanged.ts): no read while nothing
// it depends on changed, one read shared by concurrent requests, never a value read before a
// write to a request that arrived after it, and nothing kept from a failed read.
import { describe, expect, it } from 'vitest';
import type { ChangeFeed, DataChangeKind } from '../../server/db/change-feed';
import { type Stamped, keptWhileUnchanged } from '../../server/db/kept-while-unchanged';

/** A feed whose writes the test makes. */
function fakeFeed() {
  const counts: Record<DataChangeKind, number> = { peserta: 0, names: 0, users: 0, kompetensi: 0 };
  const feed: ChangeFeed = {
    stamp: () => ({ ...counts }),
    changedSince: (stamp, kind) => counts[kind] !== stamp[kind],
    settle: async () => {},
    close: async () => {},
  };
  return { feed, write: (kind: DataChangeKind) => counts[kind]++ };
}

/** A read that returns how many reads came before it, and resolves when the test says. */
function controlledReads() {
  const started: { previous: Stamped<number> | undefined; finish: (fail?: boolean) => void }[] = [];
  const read = (previous: Stamped<number> | undefined) =>
    new Promise<number>((resolve, reject) => {
      const number = started.length + 1;
      started.push({ previous, finish: (fail) => (fail ? reject(new Error('read failed')) : resolve(number)) });
    });
  return { started, read };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('keptWhileUnchanged', () => {
  it('should read once while its kinds are unchanged, again after one of them, not after another kind', async () => {
    const { feed, write } = fakeFeed();
    let reads = 0;
    const kept = keptWhileUnchanged(feed, ['peserta', 'kompetensi'], async () => ++reads);
    expect(kept.current()).toBeUndefined();
    expect(await kept.get()).toBe(1);
    expect(await kept.get()).toBe(1);
    expect(kept.current()).toBe(1);
    write('users');
    expect(await kept.get()).toBe(1);
    write('kompetensi');
    expect(kept.current()).toBeUndefined();
    expect(await kept.get()).toBe(2);
    write('peserta');
    expect(await kept.get()).toBe(3);
    expect(reads).toBe(3);
  });

  it('should give the read the previous value with the stamp taken before it', async () => {
    const { feed, write } = fakeFeed();
    const previous: (Stamped<string> | undefined)[] = [];
    const kept = keptWhileUnchanged<string>(feed, ['peserta'], async (before) => {
      previous.push(before);
      return `versi ${previous.length}`;
    });
    await kept.get();
    write('peserta');
    write('names');
    await kept.get();
    expect(previous[0]).toBeUndefined();
    expect(previous[1]?.value).toBe('versi 1');
    expect(previous[1]?.stamp).toEqual({ peserta: 0, names: 0, users: 0, kompetensi: 0 });
  });

  it('should share one read between concurrent requests', async () => {
    const { feed } = fakeFeed();
    const { started, read } = controlledReads();
    const kept = keptWhileUnchanged(feed, ['peserta'], read);
    const answers = [kept.get(), kept.get(), kept.get()];
    await settled();
    expect(started).toHaveLength(1);
    started[0]?.finish();
    expect(await Promise.all(answers)).toEqual([1, 1, 1]);
  });

  it('should not give a request the read begun before a write it follows, and keep nothing read during a write', async () => {
    const { feed, write } = fakeFeed();
    const { started, read } = controlledReads();
    const kept = keptWhileUnchanged(feed, ['peserta'], read);
    const early = kept.get();
    await settled();
    write('peserta'); // committed while the first read runs: that read may not have seen it
    const late = kept.get();
    await settled();
    expect(started).toHaveLength(1);
    started[0]?.finish();
    expect(await early).toBe(1); // it arrived before the write
    await settled();
    expect(started).toHaveLength(2); // the late request waited for the first read, then read again
    const joining = kept.get(); // arrives during the second read, with no write since it began: shares it
    started[1]?.finish();
    expect(await late).toBe(2);
    expect(await joining).toBe(2);
    expect(await kept.get()).toBe(2);
    expect(started).toHaveLength(2);
  });

  it('should keep nothing from a failed read: the next request reads again', async () => {
    const { feed } = fakeFeed();
    const { started, read } = controlledReads();
    const kept = keptWhileUnchanged(feed, ['peserta'], read);
    const failing = kept.get();
    await settled();
    started[0]?.finish(true);
    await expect(failing).rejects.toThrow('read failed');
    expect(kept.current()).toBeUndefined();
    const next = kept.get();
    await settled();
    expect(started).toHaveLength(2);
    expect(started[1]?.previous).toBeUndefined();
    started[1]?.finish();
    expect(await next).toBe(2);
  });
});
