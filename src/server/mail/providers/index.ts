// Picks the mail adapter from configuration: SMTP when SMTP_URL is set, else the built-in outbox.
import type { Config } from "../../config.js";
import type { Db } from "../../db/index.js";
import { createOutboxMailer } from "./builtin.js";
import { createSmtpMailer } from "./smtp.js";
import type { Mailer } from "./types.js";

export type { MailMessage, Mailer } from "./types.js";

export function createMailer(config: Config, db: Db): Mailer {
  return config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createOutboxMailer(db);
}
