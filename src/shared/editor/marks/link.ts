// A link: the mark as every reader of a document knows it (its place in the schema, its
// attributes, how it is read from and written to HTML, and the setLink / toggleLink /
// unsetLink commands of the link dialog), the same as TipTap's link mark configured with the
// app's link rules (../links.ts). Declared here without TipTap's link extension, whose typing
// behaviour (a web address typed or pasted becomes a link, a pasted address over a selection
// links it) brings linkifyjs: the browser editor loads that when the writer first focuses
// the text (src/client/lib/links/link-typing.ts), so a page that only shows a document never
// downloads it.
import { Mark, mergeAttributes } from "@tiptap/core";
import { ALLOWED_LINK_SCHEMES, isAllowedHref } from "../links.js";

/** The options of TipTap's link extension the app sets (shared with the typing behaviour). */
export const LINK_OPTIONS = {
  openOnClick: false,
  autolink: true,
  defaultProtocol: "https",
  // linkifyjs knows these already; the others are registered with it.
  protocols: ALLOWED_LINK_SCHEMES.filter((s) => !["http", "https", "ftp", "ftps", "mailto", "tel"].includes(s)),
  isAllowedUri: (url: string) => isAllowedHref(url),
  shouldAutoLink: (url: string) => isAllowedHref(url),
};

/** TipTap's link extension's default HTML attributes, which are also the attributes' defaults. */
const HTML_ATTRIBUTES = { target: "_blank", rel: "noopener noreferrer nofollow", class: null };

type LinkAttributes = { href: string; target?: string | null; rel?: string | null; class?: string | null; title?: string | null };

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    draftsmithLink: {
      setLink: (attributes: LinkAttributes) => ReturnType;
      toggleLink: (attributes?: LinkAttributes) => ReturnType;
      unsetLink: () => ReturnType;
    };
  }
}

export const Link = Mark.create({
  name: "link",
  priority: 1000,
  keepOnSplit: false,
  exitable: true,
  // As TipTap's: typing at a link's end extends it when links are made while typing.
  inclusive: LINK_OPTIONS.autolink,

  addOptions() {
    return { HTMLAttributes: HTML_ATTRIBUTES };
  },

  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute("href") },
      target: { default: HTML_ATTRIBUTES.target },
      rel: { default: HTML_ATTRIBUTES.rel },
      class: { default: HTML_ATTRIBUTES.class },
      title: { default: null },
    };
  },

  parseHTML() {
    // A link with a scheme the rules refuse is read as its text.
    return [{ tag: "a[href]", getAttrs: (dom) => (isAllowedHref(dom.getAttribute("href")) ? null : false) }];
  },

  renderHTML({ HTMLAttributes }) {
    // An address the rules refuse is written without it.
    const href = isAllowedHref(HTMLAttributes.href) ? HTMLAttributes.href : "";
    return ["a", mergeAttributes(this.options.HTMLAttributes, { ...HTMLAttributes, href }), 0];
  },

  addCommands() {
    return {
      setLink:
        (attributes) =>
        ({ chain }) =>
          isAllowedHref(attributes.href) && chain().setMark(this.name, attributes).setMeta("preventAutolink", true).run(),
      toggleLink:
        (attributes) =>
        ({ chain }) => {
          if (attributes?.href && !isAllowedHref(attributes.href)) return false;
          return chain().toggleMark(this.name, attributes, { extendEmptyMarkRange: true }).setMeta("preventAutolink", true).run();
        },
      unsetLink:
        () =>
        ({ chain }) =>
          chain().unsetMark(this.name, { extendEmptyMarkRange: true }).setMeta("preventAutolink", true).run(),
    };
  },
});
