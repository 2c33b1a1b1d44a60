// Pressing a formatting action as a writer would: on the desktop row; on a phone from the
// bar above the keyboard, or from its "More" sheet (closed again afterwards, with Escape if
// the action left it open), then waiting, as a writer waits for the keyboard to come back,
// until the focus has left the sheet (back in the text), so the next keys land there.
import { expect } from "vitest";
import type { Page } from "playwright-core";

export async function pressFormatting(page: Page, name: string): Promise<void> {
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  const direct = toolbar.getByRole("button", { name, exact: true });
  if ((await direct.count()) > 0) return direct.click();
  await toolbar.getByRole("button", { name: "More formatting" }).click();
  const sheet = page.getByRole("dialog", { name: "Formatting" });
  await sheet.getByRole("button", { name, exact: true }).click();
  // An insert closes the sheet itself (its state turns "closed" at once, then it slides out);
  // any other action leaves it open for the next one.
  if ((await sheet.getAttribute("data-state").catch(() => null)) === "open") await page.keyboard.press("Escape");
  await sheet.waitFor({ state: "detached" });
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body && !document.activeElement.closest("[role=dialog]")))
    .toBe(true);
}
