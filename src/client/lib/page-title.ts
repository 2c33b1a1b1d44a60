import { useEffect } from "react";

const APP_NAME = "Draftsmith";

/** The description index.html ships with; pages without their own get it back. */
const DEFAULT_DESCRIPTION =
  "Draftsmith is an AI writing studio: write rich documents with context-aware completion, rewriting and autosave, then share and export them.";

/** Formats a page title; a title already naming the app is used as is. */
function formatPageTitle(title: string): string {
  if (!title) return APP_NAME;
  return title.includes(APP_NAME) ? title : `${title} · ${APP_NAME}`;
}

function setMetaDescription(content: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/**
 * Sets `document.title` (screen readers announce it on navigation) and the meta
 * description while the calling page is shown.
 */
export function usePageTitle(title: string, description: string = DEFAULT_DESCRIPTION): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
    setMetaDescription(description);
  }, [title, description]);
}
