// The whole list of common and breached passwords a new password is checked against on the
// server (NIST SP 800-63B §5.1.1.2): @zxcvbn-ts/language-common's "passwords-common", about
// 49,000 entries from breach corpora, read once on the first check (a Set of ~2 MB). The
// package (0.4 MB of code that unpacks its word lists as it loads) is loaded by that first
// check too, not at start.
import { isCommonPassword } from "../../shared/passwords/common.js";

let breached: Promise<ReadonlySet<string>> | null = null;

function breachList(): Promise<ReadonlySet<string>> {
  breached ??= import("@zxcvbn-ts/language-common").then(
    (module) => {
      // The package is CommonJS in the server bundle, where a dynamic import() of it has a
      // default export only; Node and the tests read its ES module build, with named exports.
      const { dictionary } = (module as unknown as { default?: typeof module }).default ?? module;
      return new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
    },
    (err) => {
      breached = null;
      throw err;
    },
  );
  return breached;
}

/** True when the password, ignoring case, is on the breach list. */
export async function isBreachedPassword(password: string): Promise<boolean> {
  return (await breachList()).has(password.toLowerCase()) || isCommonPassword(password);
}
