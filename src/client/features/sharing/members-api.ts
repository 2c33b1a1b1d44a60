// The owner's calls for a document's members, and the invitee's answer to an emailed link.
// Typed by the shared contract; not parsed with its zod schemas, which would put the schema
// library on the editor's first load (the Share button is part of it).
import type {
  AcceptInvitationResponse,
  InvitationLookup,
  InviteMemberBody,
  Member,
  MemberRole,
  MembersResponse,
} from "../../../shared/contracts/members";
import { apiJson } from "../../lib/api";

const membersUrl = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/members`;

export const membersQueryKey = (documentId: string) => ["document-members", documentId] as const;

export function fetchMembers(documentId: string): Promise<MembersResponse> {
  return apiJson<MembersResponse>("GET", membersUrl(documentId));
}

export function inviteMember(documentId: string, body: InviteMemberBody): Promise<Member> {
  return apiJson<Member>("POST", membersUrl(documentId), body);
}

export function changeMemberRole(documentId: string, memberId: string, role: MemberRole): Promise<Member> {
  return apiJson<Member>("PATCH", `${membersUrl(documentId)}/${encodeURIComponent(memberId)}`, { role });
}

export async function removeMember(documentId: string, memberId: string): Promise<void> {
  await apiJson("DELETE", `${membersUrl(documentId)}/${encodeURIComponent(memberId)}`);
}

/** What the invitation page shows before the answer; 404 once it is taken, declined or revoked. */
export function lookupInvitation(token: string): Promise<InvitationLookup> {
  return apiJson<InvitationLookup>("POST", "/api/invitations/lookup", { token });
}

export function acceptInvitation(token: string): Promise<AcceptInvitationResponse> {
  return apiJson<AcceptInvitationResponse>("POST", "/api/invitations/accept", { token });
}

export async function declineInvitation(token: string): Promise<void> {
  await apiJson("POST", "/api/invitations/decline", { token });
}
