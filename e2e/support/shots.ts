// Screenshots for a person to look at: with SHOTS_DIR set, a page is saved in light and in dark
// as <name>-light.png and <name>-dark.png; without it, nothing happens. Each is taken once the
// page reports the colour scheme, has painted a frame with it and its colour fades have ended.
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { animationsDone } from "./a11y.js";

export async function shotBothSchemes(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // Buttons fade their colours to the new scheme: a shot taken meanwhile shows them half-way.
    await animationsDone(page);
    await page.screenshot({ path: `${dir}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}
