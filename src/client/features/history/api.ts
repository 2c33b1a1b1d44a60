// The version history API (src/server/versions/routes.ts), for the owner and editors of a
// document. Types only from the contract, so the panel does not load the schema library.
import type { ExportFormat } from "../../../shared/export/filename";
import { exportFileName } from "../../../shared/export/filename";
import type { VersionDetail, VersionList, VersionSummary } from "../../../shared/contracts/versions";
import { apiJson, apiRequest } from "../../lib/api";

const versionsUrl = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/versions`;
const versionUrl = (documentId: string, versionId: string) => `${versionsUrl(documentId)}/${encodeURIComponent(versionId)}`;

/** A page of versions, newest first, older than `before` (a version id) when given. */
export const listVersions = (documentId: string, before: string | null, signal?: AbortSignal) =>
  apiJson<VersionList>("GET", before ? `${versionsUrl(documentId)}?${new URLSearchParams({ before })}` : versionsUrl(documentId), undefined, { signal });

export const readVersion = (documentId: string, versionId: string, signal?: AbortSignal) =>
  apiJson<VersionDetail>("GET", versionUrl(documentId, versionId), undefined, { signal });

/** Keeps the current state (what everyone has typed so far) under a name. */
export const nameCurrentVersion = (documentId: string, name: string) => apiJson<VersionSummary>("POST", versionsUrl(documentId), { name });

/** Names a version, or takes its name away (null). */
export const renameVersion = (documentId: string, versionId: string, name: string | null) =>
  apiJson<VersionSummary>("PATCH", versionUrl(documentId, versionId), { name });

/** Makes a version the document's content for everyone editing; `before` is the state it replaced, kept as a version. */
export const restoreVersion = (documentId: string, versionId: string) =>
  apiJson<{ before: VersionSummary }>("POST", `${versionUrl(documentId, versionId)}/restore`);

/** Downloads a version as a file, named after its title and day. */
export async function downloadVersion(documentId: string, version: VersionSummary, format: ExportFormat): Promise<void> {
  const query = new URLSearchParams({ format, version: version.id });
  const res = await apiRequest("GET", `/api/documents/${encodeURIComponent(documentId)}/export?${query}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = exportFileName(version.title, format, new Date(version.created_at));
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
