// Follows a link from the built-in mailbox. Mail is sent after the request that caused it
// has been answered (so a known address answers as fast as an unknown one), so the message
// can arrive a moment later: reload the mailbox until it is there, as a user would.
import type { Page } from "playwright-core";
import { expect } from "vitest";

export async function openMailLink(page: Page, url: string, email: string, label: string): Promise<void> {
  const mailbox = `${url}/dev/mailbox?to=${encodeURIComponent(email)}`;
  const link = page.getByRole("link", { name: label }).first();
  await expect
    .poll(
      async () => {
        await page.goto(mailbox);
        return link.count();
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBeGreaterThan(0);
  await link.click();
}

/** One message of the built-in mailbox, as /dev/mailbox.json lists it. */
export interface MailboxEntry {
  subject: string;
  text: string;
  headers: Record<string, string>;
  links: { label: string; url: string }[];
}

/** The mail sent to `email` so far (the outbox), as the mailbox lists it. */
export async function mailTo(url: string, email: string): Promise<MailboxEntry[]> {
  const res = await fetch(`${url}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  return (await res.json()) as MailboxEntry[];
}
