// Documents as the integration tests make them: a one-paragraph content tree, a document
// created through the API by its owner, and a fresh app with that owner for a describe block.
import { afterAll, beforeAll, expect } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";

/** A document holding one paragraph of `text`. */
export const paragraphDoc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

/** POST /api/documents as `owner`; fails the test unless the document was created. */
export async function createDocument(
  t: Pick<TestApp, "app">,
  owner: Pick<TestUser, "headers">,
  body: { title?: string; content?: unknown } = {},
): Promise<DocumentRecord> {
  const res = await request(t, "POST", "/api/documents", { user: owner, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DocumentRecord;
}

export interface AppWithOwner {
  t: TestApp;
  owner: TestUser;
  /** The app's address when it listens (`listen: true`), else "". */
  base: string;
}

/**
 * Registers a describe block's hooks: a fresh app and the user who owns what its tests
 * create; `started` receives them. With `listen` the app also takes TCP connections on a
 * free local port (for live editors). `leftOpen` ends what the tests kept open (editors,
 * sockets) before the app closes, so nothing writes to a closed database.
 */
export function withAppAndOwner(
  opts: { owner?: Parameters<typeof createTestUser>[1]; listen?: boolean; leftOpen?: () => void },
  started: (s: AppWithOwner) => void,
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const base = opts.listen ? await t.app.listen({ port: 0, host: "127.0.0.1" }) : "";
    started({ t, owner: await createTestUser(t, opts.owner), base });
  });
  afterAll(async () => {
    opts.leftOpen?.();
    await t?.close();
  });
}
