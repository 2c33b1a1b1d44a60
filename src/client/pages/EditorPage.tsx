import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /editor/:id? (spec editor §2). Placeholder: another engineer replaces this page. */
export default function EditorPage() {
  usePageTitle("Editor");
  return <PlaceholderPage title="Editor" />;
}
