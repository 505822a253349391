import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * Checks run inside a page: each function is serialised by page.evaluate, so
 * each is self-contained (no imports, no closures over this module).
 */

/** What a box is called in reports: tag, classes, and the start of its text. */
export interface Found {
  what: string;
  detail: string;
}

/**
 * Visible items of the navbar that overlap one another, lie outside the
 * viewport, or wrap onto a second line.
 */
export function navbarProblems(): Found[] {
  const problems: Found[] = [];
  const name = (el: Element): string => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  const bar = document.querySelector('nav.navbar .navbar-inner');
  if (!bar) return [{ what: 'navbar', detail: 'missing' }];
  const visible = (el: Element): boolean => {
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  // The pieces a reader sees side by side: the menu button, the logo, the title, and each item.
  const items = [...bar.querySelectorAll(':scope > .navbar-toggle, :scope > .navbar-brand > *, :scope > .navbar-items > .navbar-item')].filter(visible);
  const boxes = items.map((el) => ({ el, rect: el.getBoundingClientRect() }));
  for (const [i, a] of boxes.entries()) {
    if (a.rect.left < -0.5 || a.rect.right > window.innerWidth + 0.5) problems.push({ what: name(a.el), detail: `outside the viewport (${Math.round(a.rect.left)}–${Math.round(a.rect.right)} of ${window.innerWidth})` });
    for (const b of boxes.slice(i + 1)) {
      const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (x > 0.5 && y > 0.5) problems.push({ what: name(a.el), detail: `overlaps ${name(b.el)} by ${Math.round(x)}×${Math.round(y)} px` });
    }
  }
  // A wrapped text shows as line boxes at different heights.
  const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || !node.parentElement || !visible(node.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (tops.size > 1) problems.push({ what: name(node.parentElement), detail: `wraps onto ${tops.size} lines` });
  }
  const height = bar.getBoundingClientRect().height;
  const expected = parseFloat(getComputedStyle(document.documentElement).fontSize) * 3.75;
  if (Math.abs(height - expected) > 1) problems.push({ what: 'navbar', detail: `is ${height} px high, not ${expected}` });
  return problems;
}

/**
 * Elements wider than the viewport, or reaching past its sides, that no
 * scroll container (or clipping box) holds: what makes a page scroll sideways.
 */
export function overflowProblems(): Found[] {
  const problems: Found[] = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) problems.push({ what: 'page', detail: `scrolls sideways: ${document.documentElement.scrollWidth} px wide in a ${width} px viewport` });
  const clips = (el: Element): boolean => {
    const style = getComputedStyle(el);
    return ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX) || style.position === 'fixed';
  };
  const held = (el: Element): boolean => {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) if (clips(node)) return true;
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    // A box that fits can still hold text that does not (a long word): it spills out of the box.
    const spills = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible' && rect.left + el.scrollWidth > width + 1;
    if (rect.left >= -1 && rect.right <= width + 1 && !spills) continue;
    // Off-screen on purpose: the skip link above the page until focused, visually hidden text (clipped).
    const style = getComputedStyle(el);
    if (style.position === 'fixed' || style.clip !== 'auto' || style.clipPath !== 'none' || el.closest('.visually-hidden')) continue;
    if (held(el)) continue;
    const right = Math.max(rect.right, spills ? rect.left + el.scrollWidth : rect.right);
    problems.push({ what: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`, detail: `spans ${Math.round(rect.left)}–${Math.round(right)} px of a ${width} px viewport` });
    if (problems.length > 10) break;
  }
  return problems;
}

/** Visible text set smaller than `min` px. */
export function smallText(min: number): Found[] {
  const problems: Found[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || seen.has(parent) || !node.textContent?.trim()) continue;
    seen.add(parent);
    if (parent.closest('script, style, template, svg, .visually-hidden, [hidden]') || parent.getClientRects().length === 0) continue;
    const size = parseFloat(getComputedStyle(parent).fontSize);
    if (size < min - 0.01) problems.push({ what: `${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')}`, detail: `"${node.textContent.trim().slice(0, 30)}" at ${size} px` });
  }
  return problems.slice(0, 10);
}

/** The API reference lays out its ~20,000 elements only near the viewport; checks that measure need them all laid out. */
export const RENDER_EVERYTHING = '* { content-visibility: visible !important; }';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 AA, as axe tags it. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Serious and critical axe violations of the page as it is now. `rules`
 * narrows the run to some rules (all of WCAG 2.2 AA otherwise).
 */
export async function axeViolations(page: Page, options: { rules?: string[] } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async ({ tags, rules }) => {
    interface Result {
      violations: { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
    const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags };
    const result = await axe.run(document, { runOnly, resultTypes: ['violations'], iframes: false });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()})`).join('; ')}`);
  }, { tags: WCAG_AA, rules: options.rules });
}
