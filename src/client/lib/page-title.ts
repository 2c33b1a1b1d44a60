import { useEffect } from "react";

const APP_NAME = "Draftsmith";

/** Formats a page title; a title already naming the app is used as is. */
export function formatPageTitle(title: string): string {
  if (!title) return APP_NAME;
  return title.includes(APP_NAME) ? title : `${title} · ${APP_NAME}`;
}

/** Sets `document.title` while the calling page is shown (screen readers announce it on navigation). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
