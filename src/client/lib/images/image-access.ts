// Pictures in a document are served only to its readers (GET /api/images/:id with the
// reader's access token; a share-link visitor through /api/shared/:doc/images/:id with the
// link's token). An <img src> cannot send either, so each picture is fetched with them and
// shown from a blob: URL. The server's answer is immutable and cached by the browser, and
// each picture is fetched once per page (kept here by address).
import { imageIdFromSrc } from "../../../shared/contracts/image-src";
import { SHARE_TOKEN_HEADER } from "../../../shared/contracts/share-token";
import { getAccessToken } from "../auth-client";

/** How this page may read a document's pictures. */
export type ImageAccess = { kind: "user" } | { kind: "share"; documentId: string; token: () => string | null };

const loaded = new Map<string, Promise<string>>();

async function request(id: string, access: ImageAccess): Promise<Response> {
  if (access.kind === "share") {
    const token = access.token();
    return fetch(`/api/shared/${access.documentId}/images/${id}`, { headers: token ? { [SHARE_TOKEN_HEADER]: token } : {} });
  }
  const token = await getAccessToken();
  return fetch(`/api/images/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** A blob: URL showing the stored picture `src` names; rejects when it cannot be read here. */
export function loadImage(src: string, access: ImageAccess): Promise<string> {
  const id = imageIdFromSrc(src);
  if (!id) return Promise.reject(new Error("Not a stored image"));
  const key = access.kind === "share" ? `${access.documentId}:${id}` : id;
  let found = loaded.get(key);
  if (!found) {
    found = request(id, access).then(async (res) => {
      if (!res.ok) throw new Error(`Image not available (${res.status})`);
      return URL.createObjectURL(await res.blob());
    });
    // A failure is not kept: the next view of the picture tries again.
    found.catch(() => loaded.delete(key));
    loaded.set(key, found);
  }
  return found;
}

/** Shows a just-uploaded picture from the file in hand, without fetching it back. */
export function rememberImage(src: string, file: Blob): void {
  const id = imageIdFromSrc(src);
  if (id && !loaded.has(id)) loaded.set(id, Promise.resolve(URL.createObjectURL(file)));
}
