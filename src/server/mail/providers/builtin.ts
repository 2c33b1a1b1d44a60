// The built-in outbox: each message is stored in the database and listed at /dev/mailbox
// outside production. Nothing leaves the machine.
import type { Db } from "../../db/index.js";
import { mailOutbox } from "../../db/index.js";
import type { Mailer } from "./types.js";

export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: "outbox",
    async send(m) {
      await db.insert(mailOutbox).values({
        userId: m.userId ?? null,
        toEmail: m.to,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
        links: m.links,
        headers: m.headers ?? {},
      });
    },
  };
}
