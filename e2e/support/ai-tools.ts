// The AI toolbar as a writer reaches it: above the text on a wide screen; on a phone behind
// the formatting bar's "AI tools" button, in a sheet.
import type { Page } from "playwright-core";

const onPhone = (page: Page) => page.viewportSize()!.width < 768;

async function openSheet(page: Page) {
  await page.getByTestId("phone-toolbar").getByRole("button", { name: "AI tools" }).click();
  await page.getByRole("dialog", { name: "AI tools" }).waitFor();
}

/** Waits until the AI tools know the plan (their Improve button is named plainly); on a phone the sheet is closed again. */
export async function waitForAiTools(page: Page, timeout = 20_000): Promise<void> {
  if (onPhone(page)) {
    await page.getByTestId("phone-toolbar").getByRole("button", { name: "AI tools" }).waitFor({ timeout });
    await openSheet(page);
  }
  await page.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name: "Improve", exact: true }).waitFor({ timeout });
  if (onPhone(page)) {
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "AI tools" }).waitFor({ state: "detached" });
  }
}

/** Presses the AI tool `name` (on a phone the sheet closes with the press). */
export async function pressAiTool(page: Page, name: string): Promise<void> {
  if (onPhone(page)) await openSheet(page);
  await page.getByRole("toolbar", { name: "AI tools" }).getByRole("button", { name, exact: true }).click();
}
