// The new-password checks of sign-up, password reset and account activation, and the
// toasts they show, in one place.
import { MIN_PASSWORD_LENGTH } from "../../shared/limits";
import type { ToastInput } from "./toast";

const PASSWORD_TOO_SHORT: ToastInput = {
  title: "Password too short",
  description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
};
const PASSWORD_MISMATCH: ToastInput = {
  title: "Password mismatch",
  description: "Passwords do not match",
  variant: "destructive",
};

/** The toast to show for a new password and its confirmation (length first), or null when acceptable. */
export function newPasswordProblem(password: string, confirm: string): ToastInput | null {
  // Characters, not UTF-16 units: an emoji counts once.
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if (password !== confirm) return PASSWORD_MISMATCH;
  return null;
}
