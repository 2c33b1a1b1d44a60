// The /auth/v1 rate limits and how they are refused: GoTrue's 429 body with Retry-After.
import type { RateRule } from "../http/index.js";
import { gotrue } from "./gotrue-error.js";

export interface AuthRateRule extends RateRule {
  /** GoTrue's code: per-IP request limits vs per-address email-sending limits. */
  code: "over_request_rate_limit" | "over_email_send_rate_limit";
}

const MIN = 60_000;

// Chosen to stop guessing and mail-bombing while leaving room for a busy office behind one IP.
// Password failures are counted per (IP, account), so a guesser locks out only their own
// address and not the account's owner signing in from elsewhere; the per-account ceiling is
// far above what one address can reach and only stops guessing spread over many addresses.
// Figures: docs/RELIABILITY.md, "Lockouts".
export const AUTH_RATE_RULES = {
  /** Every password attempt from one IP, whatever the account. */
  passwordPerIp: { name: "password-ip", limit: 60, windowMs: 5 * MIN, code: "over_request_rate_limit" },
  /** Failed passwords for one account from one IP; key "ip|address". */
  passwordPerIpAccount: { name: "password-ip-account", limit: 10, windowMs: 5 * MIN, code: "over_request_rate_limit" },
  /** Failed passwords for one account from every IP together. */
  passwordPerAccount: { name: "password-account", limit: 100, windowMs: 5 * MIN, code: "over_request_rate_limit" },
  refreshPerIp: { name: "refresh-ip", limit: 300, windowMs: 5 * MIN, code: "over_request_rate_limit" },
  signupPerIp: { name: "signup-ip", limit: 100, windowMs: 10 * MIN, code: "over_request_rate_limit" },
  verifyPerIp: { name: "verify-ip", limit: 60, windowMs: 5 * MIN, code: "over_request_rate_limit" },
  /** Wrong 6-digit codes (verifyOtp, reauthentication nonce) for one address from every IP; key "address". */
  codeFailuresPerAddress: { name: "code-address", limit: 10, windowMs: 15 * MIN, code: "over_request_rate_limit" },
  emailPerIp: { name: "email-ip", limit: 30, windowMs: 60 * MIN, code: "over_request_rate_limit" },
  /** One email of a kind (confirmation, recovery, email change) per address per minute; key "kind:address". */
  emailPerAddress: { name: "email-address", limit: 1, windowMs: MIN, code: "over_email_send_rate_limit" },
} satisfies Record<string, AuthRateRule>;

export function refuseGoTrue(rule: AuthRateRule, wait: number): Error {
  const msg =
    rule.code === "over_email_send_rate_limit"
      ? `For security purposes, you can only request this after ${wait} seconds.`
      : "Request rate limit reached";
  return gotrue.rateLimited(rule.code, msg, wait);
}
