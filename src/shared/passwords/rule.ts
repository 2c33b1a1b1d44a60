// The new-password rule of NIST SP 800-63B §5.1.1.2: at least 8 characters and not on a
// list of common or breached passwords; no composition rules (no "one digit, one symbol").
// The server and the forms share it so both say the same thing.
import { MIN_PASSWORD_LENGTH } from "../limits.js";
import { isCommonPassword } from "./common.js";

export type PasswordProblem = { reason: "length" | "pwned"; message: string };

export const PASSWORD_RULE_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, and not a common or breached password.`;
export const PASSWORD_TOO_SHORT_MESSAGE = `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON_MESSAGE = "This password is on a list of common or breached passwords. Choose another.";

/**
 * Why a new password is refused, or null when it is acceptable. `isCommon` is the list to
 * check against: the forms' short one by default, the whole breach list on the server.
 */
export function passwordProblem(password: string, isCommon: (password: string) => boolean = isCommonPassword): PasswordProblem | null {
  // Characters, not UTF-16 units: an emoji counts once.
  if ([...password].length < MIN_PASSWORD_LENGTH) return { reason: "length", message: PASSWORD_TOO_SHORT_MESSAGE };
  if (isCommon(password)) return { reason: "pwned", message: PASSWORD_TOO_COMMON_MESSAGE };
  return null;
}
