// What the app needs from outgoing mail. Two adapters: the built-in outbox (builtin.ts,
// the default) and SMTP (smtp.ts, when SMTP_URL is set); index.ts picks one.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The actionable links in the message (shown by the dev mailbox). */
  links: { label: string; url: string }[];
  userId?: string | null;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058); both adapters keep them. */
  headers?: Record<string, string>;
}

export interface Mailer {
  kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}
