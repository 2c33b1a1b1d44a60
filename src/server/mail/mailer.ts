// Outgoing mail. SMTP through nodemailer when SMTP_URL is set; otherwise the built-in
// outbox stores each message in the database, listed at /dev/mailbox outside production.
import nodemailer from "nodemailer";
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
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      kind: "smtp",
      async send(m) {
        await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, html: m.html });
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
