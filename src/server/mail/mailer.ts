// Outgoing mail. SMTP through nodemailer when SMTP_URL is set; otherwise the built-in
// outbox stores each message in the database, listed at /dev/mailbox outside production.
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { mailOutbox } from "../db/schema.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The actionable links in the message (shown by the dev mailbox). */
  links: { label: string; url: string }[];
  userId?: string | null;
}

export interface Mailer {
  kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}

export function createMailer(config: Config, db: Db): Mailer {
  if (config.SMTP_URL) {
    const smtpUrl = config.SMTP_URL;
    // nodemailer (about 650 KB of code) is loaded with the first message, not at start-up.
    let transport: Promise<import("nodemailer").Transporter> | undefined;
    return {
      kind: "smtp",
      async send(m) {
        transport ??= import("nodemailer").then((nodemailer) => nodemailer.default.createTransport(smtpUrl));
        await (await transport).sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
    };
  }
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
      });
    },
  };
}
