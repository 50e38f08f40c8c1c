import { expect, type Page } from '@playwright/test';

// What a layout check measures of a page at one viewport width: the document's width, and the
// header's (and the page's own navigation's) controls that lie outside the viewport or whose text
// overflows their box. A control inside a `.truncate` line is cut by its line on purpose (the
// line carries its whole text as a title). Below the nav breakpoint the header's links, the
// account and Log out live in the phone menu: it is opened and its controls measured too.

/** The widths every page is laid out at (320 to 1920 px). */
export const LAYOUT_WIDTHS = [320, 360, 390, 768, 1024, 1280, 1366, 1440, 1920] as const;

export interface TFit {
  width: number;
  documentWidth: number;
  /** controls reaching past the viewport's left or right edge */
  outside: string[];
  /** controls whose text overflows their own box */
  clipped: string[];
}

export async function measureAt(page: Page, width: number, height = 800): Promise<TFit> {
  await page.setViewportSize({ width, height });
  return page.evaluate((viewport) => {
    const name = (element: Element) =>
      (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40) || element.tagName;
    const controls = Array.from(document.querySelectorAll('header a, header button, header summary, nav a, nav button')).filter(
      (element) => {
        const box = element.getBoundingClientRect();
        // a control inside a strip made to scroll sideways (a tab row: overflow-x-auto) is reached by
        // scrolling it; a panel that scrolls down (the phone menu: overflow-y-auto, whose computed
        // overflow-x is auto too) is not such a strip, so its controls are measured
        let scroller = false;
        for (let parent = element.parentElement; parent && parent !== document.body && !scroller; parent = parent.parentElement) {
          scroller =
            ['auto', 'scroll'].includes(getComputedStyle(parent).overflowX) &&
            /(^|\s)overflow-(x-)?(auto|scroll)(\s|$)/.test(parent.className);
        }
        return !scroller && box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      },
    );
    const outside = controls.filter((element) => {
      const box = element.getBoundingClientRect();
      const line = element.closest('.truncate');
      const right = line ? Math.min(box.right, line.getBoundingClientRect().right) : box.right;
      return box.left < -0.5 || right > viewport + 0.5;
    });
    const clipped = controls.filter((element) => !element.closest('.truncate') && element.scrollWidth > element.clientWidth + 1);
    return { width: viewport, documentWidth: document.documentElement.scrollWidth, outside: outside.map(name), clipped: clipped.map(name) };
  }, width);
}

/** The header's phone-menu button, when the width shows one. */
const menuButton = (page: Page) => page.locator('header button[data-nav-menu]');

/** `measureAt` with the phone menu open (its controls are hidden while it is closed); null without one. */
async function measureMenuAt(page: Page, width: number): Promise<TFit | null> {
  const button = menuButton(page);
  if (!(await button.isVisible())) return null;
  // a click before hydration does nothing: click until the menu says it is open
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const fit = await measureAt(page, width);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  return { ...fit, outside: fit.outside.map((name) => `menu: ${name}`), clipped: fit.clipped.map((name) => `menu: ${name}`) };
}

/**
 * The widths the open phone menu is measured at: the narrowest, where its lines are shortest,
 * and the widest that still shows the menu (its panel spans the viewport at every width between).
 */
export const MENU_WIDTHS: readonly number[] = [320, 1024];

/** The widths at which `page` does not fit, with what sticks out (empty when it fits everywhere). */
export async function misfits(page: Page, widths: readonly number[] = LAYOUT_WIDTHS): Promise<TFit[]> {
  const found: TFit[] = [];
  for (const width of widths) {
    const menu = MENU_WIDTHS.includes(width) ? await measureMenuAt(page, width) : null;
    for (const fit of [await measureAt(page, width), menu]) {
      if (fit && (fit.documentWidth > width || fit.outside.length > 0 || fit.clipped.length > 0)) found.push(fit);
    }
  }
  return found;
}
