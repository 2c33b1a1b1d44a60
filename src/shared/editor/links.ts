// Link rules: only these schemes, or a relative link. Applied in the
// editor's add-link prompt, on the server when content is saved, and on every export.
export const ALLOWED_LINK_SCHEMES = ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"] as const;

// Browsers drop ASCII whitespace and control characters inside a URL's scheme
// ("java\tscript:"), so they are removed before the scheme is read.
const IGNORED_CHARS = /[\u0000-\u0020\u007f-\u009f]/g;

export function linkScheme(href: string): string | null {
  const cleaned = href.replace(IGNORED_CHARS, "");
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  return match ? match[1]!.toLowerCase() : null;
}

export function isAllowedHref(href: unknown): href is string {
  if (typeof href !== "string") return false;
  if (href.length === 0 || href.length > 2048) return false;
  const scheme = linkScheme(href);
  if (scheme === null) {
    // Relative forms: a path, query, fragment or protocol-relative URL — never "data" or
    // anything the browser could read as a scheme after normalisation.
    return !/^[a-z][a-z0-9+.-]*&colon;/i.test(href);
  }
  return (ALLOWED_LINK_SCHEMES as readonly string[]).includes(scheme);
}
