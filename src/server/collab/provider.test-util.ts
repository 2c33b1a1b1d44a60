// A co-editor in Node for the integration tests: the same Hocuspocus provider the browser
// uses, over a real WebSocket to a listening test app, with its Yjs document.
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { expect } from "vitest";
import WebSocket from "ws";
import * as Y from "yjs";
import type { DocNode } from "../../shared/editor/schema.js";
import { FRAGMENT, contentOf } from "./ydoc.js";

export interface TestEditor {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  /** Stateless notices from the server, parsed. */
  notices: { type: string; [k: string]: unknown }[];
  authFailed: () => boolean;
  closedCodes: number[];
  content: () => DocNode;
  /** Appends text to the first paragraph (creating it when the document is empty). */
  type: (text: string) => void;
  destroy: () => void;
}

/**
 * `doc`: the copy this device already holds (as the browser's IndexedDB copy), sent on connecting.
 * `socketClass`: the WebSocket the provider uses (a benchmark may watch its messages).
 */
export function openEditor(baseUrl: string, documentId: string, token: string, doc = new Y.Doc(), socketClass: typeof WebSocket = WebSocket): TestEditor {
  const notices: TestEditor["notices"] = [];
  const closedCodes: number[] = [];
  let failed = false;
  const socket = new HocuspocusProviderWebsocket({ url: `${baseUrl.replace(/^http/, "ws")}/collab`, WebSocketPolyfill: socketClass });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: documentId,
    document: doc,
    token,
    // As the browser's editor does (live-document.ts): presence sent again once accepted.
    onAuthenticated: () => {
      const state = provider.awareness?.getLocalState();
      if (state) provider.awareness?.setLocalState(state);
    },
    onAuthenticationFailed: () => {
      failed = true;
    },
    onStateless: ({ payload }) => notices.push(JSON.parse(payload)),
    onClose: ({ event }) => closedCodes.push(event.code),
  });
  provider.attach();
  return {
    provider,
    doc,
    notices,
    closedCodes,
    authFailed: () => failed,
    content: () => contentOf(doc),
    type(text) {
      const fragment = doc.getXmlFragment(FRAGMENT);
      doc.transact(() => {
        let paragraph = fragment.get(0) as Y.XmlElement | undefined;
        if (!paragraph) {
          paragraph = new Y.XmlElement("paragraph");
          fragment.insert(0, [paragraph]);
        }
        let textNode = paragraph.get(0) as Y.XmlText | undefined;
        if (!textNode) {
          textNode = new Y.XmlText();
          paragraph.insert(0, [textNode]);
        }
        textNode.insert(textNode.length, text);
      });
    },
    destroy() {
      provider.destroy();
      socket.destroy();
    },
  };
}

export async function synced(editor: TestEditor): Promise<void> {
  await expect.poll(() => editor.provider.isSynced, { timeout: 10_000 }).toBe(true);
}

/** The plain text of a document tree, paragraphs joined by newlines. */
export function plainText(doc: DocNode): string {
  return (doc.content ?? []).map((block) => (block.content ?? []).map((n) => n.text ?? "").join("")).join("\n");
}
