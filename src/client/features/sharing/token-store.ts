// A visitor's share token, kept for the tab's session so a reload within the hour does not
// ask for the password again. Scoped per document id.
const key = (documentId: string) => `draftsmith.share-token:${documentId}`;

export function readShareToken(documentId: string): string | null {
  try {
    return sessionStorage.getItem(key(documentId));
  } catch {
    return null;
  }
}

export function storeShareToken(documentId: string, token: string | null): void {
  try {
    if (token) sessionStorage.setItem(key(documentId), token);
    else sessionStorage.removeItem(key(documentId));
  } catch {
    // Storage disabled: the token lives in memory only.
  }
}
