import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /signup (spec accounts §2). Placeholder: another engineer replaces this page. */
export default function SignupPage() {
  usePageTitle("Create Account");
  return <PlaceholderPage title="Create Account" />;
}
