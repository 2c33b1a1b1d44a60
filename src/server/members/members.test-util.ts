// For tests that need a member with access: invitations are pending until the invitee
// accepts, so inviting alone grants nothing. The owner invites, the invitee (a confirmed test
// user) finds the invitation under GET /api/invitations and accepts it.
import { expect } from "vitest";
import type { Member, MemberRole, PendingInvitation } from "../../shared/contracts/members.js";
import { request, type TestApp, type TestUser } from "../test/harness.js";

export async function inviteAndAccept(
  t: Pick<TestApp, "app">,
  owner: Pick<TestUser, "headers">,
  documentId: string,
  invitee: Pick<TestUser, "headers" | "email">,
  role: MemberRole,
): Promise<Member> {
  const invited = await request(t, "POST", `/api/documents/${documentId}/members`, { user: owner, payload: { email: invitee.email, role } });
  expect(invited.statusCode, invited.body).toBeLessThan(300);
  const pending = (await request(t, "GET", "/api/invitations", { user: invitee })).json() as PendingInvitation[];
  const invitation = pending.find((p) => p.document_id === documentId);
  expect(invitation, "the invitee sees the invitation").toBeDefined();
  const accepted = await request(t, "POST", `/api/invitations/${invitation!.id}/accept`, { user: invitee });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { ...(invited.json() as Member), status: "accepted" };
}
