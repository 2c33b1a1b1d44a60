import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /shared/:id, the public shared view (spec editor §2). Placeholder: another engineer replaces this page. */
export default function SharedPage() {
  usePageTitle("Shared Document");
  return <PlaceholderPage title="Shared Document" />;
}
