// Helpers of the accessibility browser tests: axe-core run inside the page, the serious and
// critical violations as readable lines, the waits for a screen's or a dialog's real content,
// Tab walking and the check of form-error wiring. axe is injected once per document and run
// there (~0.3 s a check here); @axe-core/playwright re-injects it and opens a page to merge
// the results on every check (~2 s), which over ~150 checks is minutes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE } from './browser';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA (colour contrast AA included). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe on the page as it is now; returns one line per serious or critical violation:
 * `where: id [impact] help -> target (what to fix)`. Empty when none.
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Colours are measured as painted: let opening fades and slides (dialogs, drawer) finish.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  const violations = await page.evaluate(async (tags): Promise<Violation[]> => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
  }, AXE_TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} [${v.impact}] ${v.help} -> ${n.target} (${n.summary})`));
}

/** The check of one state: throws with every serious or critical violation listed. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const found = await seriousViolations(page, where);
  if (found.length > 0) throw new Error(`${found.length} serious/critical axe violation(s):\n${found.join('\n')}`);
}

/** Runs axe at 390 px, then at 1280 px (the page stays loaded; only the viewport changes; `settle` after each change). */
export async function violationsAtWidths(page: Page, where: string, settle?: () => Promise<void>): Promise<string[]> {
  const found: string[] = [];
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await settle?.();
    found.push(...(await seriousViolations(page, `${where} @${size.width}`)));
  }
  return found;
}

/**
 * Waits for a screen: its `h1` (exact text), then no loading state anywhere (no spinner, no
 * aria-busy, no 'Loading...'/'Memuat' text) and any list showing rows or its empty text.
 */
export async function waitForScreen(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await waitForLoaded(page);
}

/** Waits until nothing on the page (or in `scope`) is loading any more. */
export async function waitForLoaded(page: Page, scope?: Locator): Promise<void> {
  const root = scope ? await scope.elementHandle() : null;
  await page.waitForFunction(
    (el) => {
      const base: ParentNode = el ?? document;
      const visible = (node: Element) => (node as HTMLElement).offsetParent !== null;
      if ([...base.querySelectorAll('.spinner, [aria-busy="true"]')].some(visible)) return false;
      const text = (base instanceof Document ? base.body : (base as HTMLElement)).innerText;
      if (/Loading\.\.\.|Memuat/.test(text)) return false;
      // A list has rows (table or cards) or says it is empty.
      return [...base.querySelectorAll('.data-table-wrap, .data-cards-wrap')].filter(visible).every(
        (list) => list.querySelector('tbody tr, li, .data-card') !== null || /Tidak ada|Belum ada/.test((list as HTMLElement).innerText),
      );
    },
    root,
    { timeout: 20_000 },
  );
  // Web fonts decide the contrast of the final text rendering.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** True when the focused element is inside `scope`. */
export function focusInside(scope: Locator): Promise<boolean> {
  return scope.evaluate((el) => el.contains(document.activeElement));
}

/** True when `target` is the focused element. */
export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/** Presses Tab until `target` has the focus (at most `max` times); throws when it never does. */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} was not reached with ${max} Tab presses`);
}

/**
 * What is wrong with the error wiring inside `scope` after a failed submit: no field marked
 * aria-invalid="true", an invalid field whose aria-describedby names no error text, or a shown
 * error text (.field-error, role="alert") that no aria-describedby points at. Empty when right.
 */
export function errorWiringProblems(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const problems: string[] = [];
    const nameOf = (el: Element) => el.getAttribute('name') || el.getAttribute('aria-label') || el.id || el.tagName;
    const described = (el: Element) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id))
        .filter((node): node is HTMLElement => node !== null);
    const invalid = [...root.querySelectorAll('[aria-invalid="true"]')];
    if (invalid.length === 0) problems.push('no field is marked aria-invalid="true"');
    for (const control of invalid) {
      if (!described(control).some((node) => (node.textContent ?? '').trim() !== '')) {
        problems.push(`${nameOf(control)} is aria-invalid but its aria-describedby names no error text`);
      }
    }
    const targets = [...root.querySelectorAll('[aria-describedby]')].flatMap(described);
    for (const error of root.querySelectorAll<HTMLElement>('.field-error, [role="alert"]')) {
      if (error.offsetParent === null || (error.textContent ?? '').trim() === '') continue;
      if (!targets.some((t) => t === error || t.contains(error) || error.contains(t))) {
        problems.push(`error text "${(error.textContent ?? '').trim()}" is tied to no field (aria-describedby)`);
      }
    }
    return problems;
  });
}
