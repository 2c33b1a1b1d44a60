// Accessibility checks for end-to-end tests: axe-core's WCAG 2.1 A/AA rules.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * Waits for the page's finite animations (a dialog fading in, a sheet sliding in): axe
 * measures contrast on the colours as drawn, and a half-transparent dialog reads as low contrast.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The serious and critical WCAG 2.1 A/AA violations on the page, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
