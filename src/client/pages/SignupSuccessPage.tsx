import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /signup/success (spec accounts §2). Placeholder: another engineer replaces this page. */
export default function SignupSuccessPage() {
  usePageTitle("Account Created!");
  return <PlaceholderPage title="Account Created!" />;
}
