import { PageShell } from "../components/page-shell";
import { ResetPasswordForm } from "../features/auth";
import { usePageTitle } from "../lib/page-title";

/** Route /reset-password: the recovery email link lands here to choose a new password. */
export default function ResetPasswordPage() {
  usePageTitle("Reset Password");
  return (
    <PageShell mainClassName="mx-auto flex w-full max-w-6xl flex-1 items-start justify-center px-4 py-10 sm:px-6">
      <ResetPasswordForm />
    </PageShell>
  );
}
