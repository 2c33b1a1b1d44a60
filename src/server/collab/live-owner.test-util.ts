// One owner editing live in a fresh app, as the live-document integration files need: the
// editors a test opens are closed with the app, and what the store holds is read through the
// API as a client would.
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { withAppAndOwner } from "../documents/documents.test-util.js";
import { type TestApp, type TestUser, request } from "../test/harness.js";
import { type TestEditor, openEditor } from "./provider.test-util.js";

interface LiveOwnerSetup {
  t: TestApp;
  base: string;
  owner: TestUser;
}

/**
 * Starts the app and its owner (on Professional unless `plan` says otherwise, named `fullName`
 * when given) for the file; `assign` receives them once they exist. Returns how to open an
 * editor (the owner's, or `user`'s) and read the stored copy.
 */
export function withLiveOwner(assign: (s: LiveOwnerSetup) => void, opts: { plan?: "professional" | "gratis"; fullName?: string } = {}) {
  const editors: TestEditor[] = [];
  let setup: LiveOwnerSetup | undefined;
  const owner = { ...(opts.plan === "gratis" ? {} : { plan: "professional" as const }), ...(opts.fullName ? { fullName: opts.fullName } : {}) };
  withAppAndOwner({ owner, listen: true, leftOpen: () => { for (const e of editors) e.destroy(); } }, (s) => {
    setup = { t: s.t, base: s.base, owner: s.owner };
    assign(setup);
  });
  return {
    open(id: string, user: TestUser = setup!.owner): TestEditor {
      const editor = openEditor(setup!.base, id, user.token);
      editors.push(editor);
      return editor;
    },
    async stored(id: string): Promise<DocumentRecord> {
      return (await request(setup!.t, "GET", `/api/documents/${id}`, { user: setup!.owner })).json() as DocumentRecord;
    },
  };
}
