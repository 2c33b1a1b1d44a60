// Sends chosen files to POST /api/import, one request per batch, and gathers every file's
// result (imported, or left out with the reason) in the order they were chosen.
import { useState } from "react";
import type { ImportRequest, ImportResponse, ImportResult } from "../../../shared/contracts/import";
import { apiJson, isApiError } from "../../lib/api";
import { readBase64, splitFiles } from "./batches";
import { retryWhenBusy } from "./retry-busy";

function isResults(value: unknown): value is ImportResult[] {
  return Array.isArray(value) && value.every((r) => r && typeof r === "object" && "status" in r && "name" in r);
}

async function sendBatch(files: File[]): Promise<ImportResult[]> {
  const body: ImportRequest = { files: await Promise.all(files.map(async (file) => ({ name: file.name, data: await readBase64(file) }))) };
  try {
    return (await retryWhenBusy(() => apiJson<ImportResponse>("POST", "/api/import", body))).results;
  } catch (err) {
    return refusedBatch(files, err);
  }
}

function refusedBatch(files: File[], err: unknown): ImportResult[] {
  // A batch where nothing was imported answers 4xx with each file's reason.
  if (isApiError(err) && isResults(err.body?.results)) return err.body.results;
  const reason = isApiError(err) && typeof err.body?.message === "string" ? err.body.message : "The import did not reach the server. Try again.";
  return files.map((file) => ({ status: "refused", name: file.name, reason }));
}

export function useImport(onImported: () => void) {
  const [results, setResults] = useState<ImportResult[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(files: File[]) {
    if (!files.length || busy) return;
    setBusy(true);
    setResults(null);
    try {
      const { batches, refused } = splitFiles(files);
      const all: ImportResult[] = [];
      for (const batch of batches) all.push(...(await sendBatch(batch)));
      all.push(...refused);
      const order = new Map(files.map((file, i) => [file.name, i]));
      all.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
      setResults(all);
      if (all.some((r) => r.status === "imported")) onImported();
    } finally {
      setBusy(false);
    }
  }

  return { run, busy, results, clear: () => setResults(null) };
}
