import { PrivacyPolicy } from "../features/landing/legal";
import { usePageTitle } from "../lib/page-title";

/** Route /privacy: the privacy policy, readable without an account. */
export default function PrivacyPage() {
  usePageTitle(
    "Privacy Policy",
    "How Draftsmith collects, uses and protects your data, how long it is kept, and how to delete your account.",
  );
  return <PrivacyPolicy />;
}
