// Files under /assets/ are Vite's output: their names carry a content hash, they are cached
// for a year (src/server/http/spa.ts) and the page only ever loads them as scripts, styles,
// fonts or images. Such a response is never a document, so the headers that govern a
// document (CSP, framing, opener policy, origin clustering) do nothing on it; SVG and HTML
// files are left out because a browser can open them as documents.
const HASHED_SUBRESOURCE = /^\/assets\/(?![^?#]*\.\.)[^?#]+\.(?:js|mjs|css|woff2?|ttf|otf|png|jpe?g|gif|webp|avif|ico|wasm)(?:[?#]|$)/i;

/** True for the URL of a hashed script, stylesheet, font or image of the built client. */
export function isHashedSubresource(url: string): boolean {
  return HASHED_SUBRESOURCE.test(url);
}
