// The whole list of common and breached passwords a new password is checked against on the
// server (NIST SP 800-63B §5.1.1.2): @zxcvbn-ts/language-common's "passwords-common", about
// 49,000 entries from breach corpora, read once on the first check (a Set of ~2 MB).
import { dictionary } from "@zxcvbn-ts/language-common";
import { isCommonPassword } from "../../shared/passwords/common.js";

let breached: ReadonlySet<string> | null = null;

/** True when the password, ignoring case, is on the breach list. */
export function isBreachedPassword(password: string): boolean {
  breached ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return breached.has(password.toLowerCase()) || isCommonPassword(password);
}
