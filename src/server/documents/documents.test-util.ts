// Documents as the integration tests make them: a one-paragraph content tree, and a
// document created through the API by its owner.
import { expect } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { type TestApp, type TestUser, request } from "../test/harness.js";

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
