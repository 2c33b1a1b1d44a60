import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /reset-password: the recovery e-mail link lands here to choose a new password. Placeholder: another engineer replaces this page. */
export default function ResetPasswordPage() {
  usePageTitle("Reset Password");
  return <PlaceholderPage title="Reset Password" />;
}
