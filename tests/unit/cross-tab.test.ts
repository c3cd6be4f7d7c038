// src/app/session/cross-tab: a session change announced in one tab reaches the others, not itself.
import { describe, expect, it, vi } from 'vitest';
import { createCrossTabSignal } from '@/app/session/cross-tab';

const delivered = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('createCrossTabSignal', () => {
  it('should tell every other tab, never the tab that announced it, and stop after unsubscribe', async () => {
    const [tabA, tabB, tabC] = [createCrossTabSignal(), createCrossTabSignal(), createCrossTabSignal()];
    const [heardA, heardB, heardC] = [vi.fn(), vi.fn(), vi.fn()];
    const stopA = tabA.subscribe(heardA);
    const stopB = tabB.subscribe(heardB);
    const stopC = tabC.subscribe(heardC);
    tabA.post();
    await delivered();
    expect(heardA).not.toHaveBeenCalled();
    expect(heardB).toHaveBeenCalledOnce();
    expect(heardC).toHaveBeenCalledOnce();

    stopC();
    tabB.post();
    await delivered();
    expect(heardA).toHaveBeenCalledOnce();
    expect(heardB).toHaveBeenCalledOnce();
    expect(heardC).toHaveBeenCalledOnce();
    stopA();
    stopB();
  });

  it('should do nothing where BroadcastChannel is missing', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      const signal = createCrossTabSignal();
      const unsubscribe = signal.subscribe(() => undefined);
      expect(() => signal.post()).not.toThrow();
      unsubscribe();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
