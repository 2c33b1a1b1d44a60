// argon2id password hashes (OWASP baseline m=19456 KiB, t=2, p=1). The whole password is
// hashed, however long: nothing is truncated. Unknown emails are checked against a dummy
// hash so a sign-in costs the same whether or not the account exists.
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { type PasswordProblem, passwordProblem } from "../../shared/passwords/rule.js";
import { isBreachedPassword } from "./breached-passwords.js";
import { gotrue } from "./gotrue-error.js";

const OPTIONS = { algorithm: 2 as Algorithm /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await burnDummyVerify(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Spends one argon2 verification on a throwaway hash (timing parity for unknown emails). */
async function burnDummyVerify(password: string): Promise<void> {
  dummyHash ??= hash("draftsmith-dummy-password-for-timing", OPTIONS);
  try {
    await verify(await dummyHash, password);
  } catch {
    /* irrelevant */
  }
}

/** Why a new password breaks the rule, checked against the whole breach list; null when it does not. */
export async function newPasswordProblem(password: string): Promise<PasswordProblem | null> {
  const breached = await isBreachedPassword(password);
  return passwordProblem(password, () => breached);
}

/** Throws GoTrue's weak_password error (reason "length" or "pwned") when the password breaks the rule. */
export async function assertPasswordStrength(password: string): Promise<void> {
  const problem = await newPasswordProblem(password);
  if (problem) throw gotrue.weakPassword(problem.message, [problem.reason]);
}
