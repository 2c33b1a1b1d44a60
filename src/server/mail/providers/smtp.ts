// SMTP through nodemailer (SMTP_URL).
import type { Config } from "../../config.js";
import type { Mailer } from "./types.js";

export function createSmtpMailer(smtpUrl: string, from: Config["MAIL_FROM"]): Mailer {
  // nodemailer (about 650 KB of code) is loaded with the first message, not at start-up.
  let transport: Promise<import("nodemailer").Transporter> | undefined;
  return {
    kind: "smtp",
    async send(m) {
      transport ??= import("nodemailer").then((nodemailer) => nodemailer.default.createTransport(smtpUrl));
      await (await transport).sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
    },
  };
}
