import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the rules the platform holds itself to. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits until the screen has settled (no request in flight, no loader shown), as long as any expectation may wait. */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0);
}

/**
 * Runs axe over the page as it is and records every serious or critical violation, softly, so one
 * run lists every screen's findings. `state` names the screen and what it shows.
 */
export async function expectNoSeriousViolations(page: Page, state: string) {
  // A dialog or menu still fading in has its text mid-blend with its background: axe would measure a contrast
  // nobody sees once it is still. Every finite animation and transition on the page ends first (a spinner's runs for ever).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // One line per violation and element: what failed, where, and axe's reason.
  const lines = serious.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${(n.failureSummary ?? v.help).split('\n').slice(-1)[0]!.trim()} — ${n.html.slice(0, 120)}`,
    ),
  );
  expect.soft(lines, `axe: ${state}`).toEqual([]);
}
