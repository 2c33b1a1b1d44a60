// The add-link prompt's rules: only the allowed schemes or a relative link.
import { ALLOWED_LINK_SCHEMES, isAllowedHref, linkScheme } from "../../../shared/editor/links";

export type LinkInputResult = { kind: "remove" } | { kind: "set"; href: string } | { kind: "invalid"; message: string };

// "example.com/page" or "www.example.com": a bare host the user means as a web address.
const BARE_HOST = /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#].*)?$/i;

const LINK_SCHEMES_MESSAGE = `Links can use ${ALLOWED_LINK_SCHEMES.join(", ")}, or be relative (like /page or #section).`;

/** Reads what the user typed into the link prompt. Empty input removes the link. */
export function parseLinkInput(raw: string): LinkInputResult {
  const value = raw.trim();
  if (!value) return { kind: "remove" };
  const href = linkScheme(value) === null && BARE_HOST.test(value) ? `https://${value}` : value;
  // "localhost:3000" parses as the scheme "localhost"; the message names the allowed ones.
  if (!isAllowedHref(href)) {
    const scheme = linkScheme(href);
    return {
      kind: "invalid",
      message: scheme ? `"${scheme}:" links are not allowed. ${LINK_SCHEMES_MESSAGE}` : `That link is not allowed. ${LINK_SCHEMES_MESSAGE}`,
    };
  }
  if (/\s/.test(href)) return { kind: "invalid", message: "A link address can't contain spaces." };
  return { kind: "set", href };
}
