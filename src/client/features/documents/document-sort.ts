// The dashboard's sort order, kept on this device and shared by every hook that reads the list.
import { useSyncExternalStore } from "react";
import { DOCUMENT_SORTS, type DocumentSort } from "../../../shared/contracts/documents";

const KEY = "draftsmith:documents-sort";
const listeners = new Set<() => void>();

function read(): DocumentSort {
  try {
    const stored = localStorage.getItem(KEY);
    return (DOCUMENT_SORTS as readonly string[]).includes(stored ?? "") ? (stored as DocumentSort) : "updated";
  } catch {
    return "updated";
  }
}

let current: DocumentSort | null = null;

export function setDocumentSort(sort: DocumentSort): void {
  current = sort;
  try {
    localStorage.setItem(KEY, sort);
  } catch {
    // kept for this visit only
  }
  for (const l of listeners) l();
}

export function useDocumentSort(): DocumentSort {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (current ??= read()),
  );
}

export const SORT_LABELS: Record<DocumentSort, string> = { updated: "Last edited", created: "Created", title: "Title" };
