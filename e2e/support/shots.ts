// Screenshots for a person to look at: with SHOTS_DIR set, a page is saved in light and in dark
// as <name>-light.png and <name>-dark.png; without it, nothing happens. Each is taken once the
// page reports the colour scheme and has painted a frame with it.
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";

export async function shotBothSchemes(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${dir}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}
