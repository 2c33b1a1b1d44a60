import { PageShell } from "../components/page-shell";
import { SignupSuccess } from "../features/auth";
import { usePageTitle } from "../lib/page-title";

/** Route /signup/success: where the confirmation mail leads; a chosen paid plan goes on to checkout. */
export default function SignupSuccessPage() {
  usePageTitle("Account Created!");
  return (
    <PageShell mainClassName="mx-auto flex w-full max-w-6xl flex-1 items-start justify-center px-4 py-10 sm:px-6">
      <SignupSuccess />
    </PageShell>
  );
}
