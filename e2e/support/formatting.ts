// Pressing a formatting action as a writer would: on the desktop row; on a phone from the
// bar above the keyboard, or from its "More" sheet (closed again afterwards, with Escape if
// the action left it open, so focus is back in the text).
import type { Page } from "playwright-core";

export async function pressFormatting(page: Page, name: string): Promise<void> {
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  const direct = toolbar.getByRole("button", { name, exact: true });
  if ((await direct.count()) > 0) return direct.click();
  await toolbar.getByRole("button", { name: "More formatting" }).click();
  const sheet = page.getByRole("dialog", { name: "Formatting" });
  await sheet.getByRole("button", { name, exact: true }).click();
  if ((await sheet.count()) > 0) await page.keyboard.press("Escape");
  await sheet.waitFor({ state: "detached" });
}
