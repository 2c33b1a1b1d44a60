// The new-password checks of sign-up, password reset and account activation, and the
// toasts they show, in one place. The rule itself is shared with the server.
import { passwordProblem } from "../../shared/passwords/rule";
import type { ToastInput } from "./toast";

export { PASSWORD_RULE_HINT } from "../../shared/passwords/rule";

const PASSWORD_MISMATCH: ToastInput = {
  title: "Password mismatch",
  description: "Passwords do not match",
  variant: "destructive",
};

/** The toast to show for a new password that breaks the rule, or null when it keeps it. */
export function passwordRuleProblem(password: string): ToastInput | null {
  const problem = passwordProblem(password);
  if (!problem) return null;
  return { title: problem.reason === "length" ? "Password too short" : "Password too common", description: problem.message };
}

/** The toast to show for a new password and its confirmation (the rule first), or null when acceptable. */
export function newPasswordProblem(password: string, confirm: string): ToastInput | null {
  return passwordRuleProblem(password) ?? (password !== confirm ? PASSWORD_MISMATCH : null);
}
