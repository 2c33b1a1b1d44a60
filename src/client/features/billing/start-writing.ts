// "Start Writing" after a payment: opens the most recent document, and creates a blank one
// only when there is none. /editor without an id creates a new document on every visit
// (src/client/pages/editor-page.tsx), so a success page opened twice would leave a trail of
// empty documents.
import type { DocumentRecord, DocumentSummary } from "../../../shared/contracts/documents";
import { apiJson } from "../../lib/api";

/** The editor path to open; GET /api/documents lists the most recently updated first. */
export async function startWritingPath(): Promise<string> {
  const docs = await apiJson<DocumentSummary[]>("GET", "/api/documents?limit=1");
  const latest = docs?.[0];
  if (latest) return `/editor/${latest.id}`;
  const created = await apiJson<DocumentRecord>("POST", "/api/documents", {});
  return `/editor/${created.id}`;
}
