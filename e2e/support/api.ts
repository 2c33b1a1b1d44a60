// The one way end-to-end tests call the API directly (to set up what a test needs, or to
// check what was stored): as a signed-in user or signed out (null), JSON in and out.
import type { PlansResponse, UrlResponse } from "../../src/shared/contracts/billing";
import type { DocumentRecord } from "../../src/shared/contracts/documents";
import { type ApiSession, signUpViaApi } from "./auth.js";

type Caller = Pick<ApiSession, "access_token"> | null;

/** Any answer: its status and its JSON body (null when it has none). */
export async function apiCall<T = any>(
  baseUrl: string,
  session: Caller,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(session ? { authorization: `Bearer ${session.access_token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed as T };
}

/** A successful answer's JSON body; any other status fails the test. */
export async function apiRequest<T>(baseUrl: string, session: Caller, method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiCall<T>(baseUrl, session, method, path, body);
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Puts the user on `plan` by paying in the built-in test checkout, as the pricing page does. */
export async function buyPlan(baseUrl: string, session: ApiSession, plan: "creator" | "professional"): Promise<void> {
  const { plans } = await apiRequest<PlansResponse>(baseUrl, session, "GET", "/api/stripe/plans");
  const priceId = plans.find((p) => p.id === plan)?.priceId;
  if (!priceId) throw new Error(`no price for ${plan}`);
  const { url } = await apiRequest<UrlResponse>(baseUrl, session, "POST", "/api/stripe/create-checkout-session", { priceId });
  await apiRequest(baseUrl, session, "POST", `/api/stripe/test-checkout/${url.split("/").pop()}/pay`, {});
}

export type MemberRole = "viewer" | "commenter" | "editor";

/**
 * Shares document `documentId` with `invitee` as `role`, as an owner and the invitee do: the
 * owner invites, the invitee accepts from Shared with me (an invitation grants nothing until then).
 */
export async function inviteAndAccept(baseUrl: string, owner: ApiSession, documentId: string, invitee: ApiSession, role: MemberRole): Promise<void> {
  await apiRequest(baseUrl, owner, "POST", `/api/documents/${documentId}/members`, { email: invitee.email, role });
  const pending = await apiRequest<{ id: string; document_id: string }[]>(baseUrl, invitee, "GET", "/api/invitations");
  const invitation = pending.find((p) => p.document_id === documentId);
  if (!invitation) throw new Error(`no invitation to ${documentId} for ${invitee.email}`);
  await apiRequest(baseUrl, invitee, "POST", `/api/invitations/${invitation.id}/accept`, {});
}

/**
 * Where tests of two people working together start: an owner on Professional, their new
 * document `title` of one paragraph `text`, and a second person in it as `role`.
 */
export async function ownerAndMember(
  baseUrl: string,
  opts: { ownerName: string; memberName: string; role: MemberRole; title: string; text: string },
): Promise<{ owner: ApiSession; member: ApiSession; doc: DocumentRecord }> {
  const owner = await signUpViaApi(baseUrl, { fullName: opts.ownerName });
  await buyPlan(baseUrl, owner, "professional");
  const member = await signUpViaApi(baseUrl, { fullName: opts.memberName });
  const doc = await apiRequest<DocumentRecord>(baseUrl, owner, "POST", "/api/documents", {
    title: opts.title,
    content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: opts.text }] }] },
  });
  await inviteAndAccept(baseUrl, owner, doc.id, member, opts.role);
  return { owner, member, doc };
}

/**
 * Where tests of three or more people start: an owner on Professional, their new document
 * `title` with one paragraph per string, and each of `members` in it with their role.
 */
export async function ownerAndMembers(
  baseUrl: string,
  opts: { ownerName: string; title: string; paragraphs: string[]; members: { name: string; role: MemberRole }[] },
): Promise<{ owner: ApiSession; members: ApiSession[]; doc: DocumentRecord }> {
  const owner = await signUpViaApi(baseUrl, { fullName: opts.ownerName });
  await buyPlan(baseUrl, owner, "professional");
  const doc = await apiRequest<DocumentRecord>(baseUrl, owner, "POST", "/api/documents", {
    title: opts.title,
    content: { type: "doc", content: opts.paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) },
  });
  const members: ApiSession[] = [];
  for (const m of opts.members) {
    const member = await signUpViaApi(baseUrl, { fullName: m.name });
    await inviteAndAccept(baseUrl, owner, doc.id, member, m.role);
    members.push(member);
  }
  return { owner, members, doc };
}
