// The owner's calls for a document's members, and the invitee's acceptance of an emailed link.
import {
  type AcceptInvitationResponse,
  AcceptInvitationResponseSchema,
  type InviteMemberBody,
  type Member,
  type MemberRole,
  MemberSchema,
  type MembersResponse,
  MembersResponseSchema,
} from "../../../shared/contracts/members";
import { apiJson } from "../../lib/api";

const membersUrl = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/members`;

export const membersQueryKey = (documentId: string) => ["document-members", documentId] as const;

export async function fetchMembers(documentId: string): Promise<MembersResponse> {
  return MembersResponseSchema.parse(await apiJson("GET", membersUrl(documentId)));
}

export async function inviteMember(documentId: string, body: InviteMemberBody): Promise<Member> {
  return MemberSchema.parse(await apiJson("POST", membersUrl(documentId), body));
}

export async function changeMemberRole(documentId: string, memberId: string, role: MemberRole): Promise<Member> {
  return MemberSchema.parse(await apiJson("PATCH", `${membersUrl(documentId)}/${encodeURIComponent(memberId)}`, { role }));
}

export async function removeMember(documentId: string, memberId: string): Promise<void> {
  await apiJson("DELETE", `${membersUrl(documentId)}/${encodeURIComponent(memberId)}`);
}

export async function acceptInvitation(token: string): Promise<AcceptInvitationResponse> {
  return AcceptInvitationResponseSchema.parse(await apiJson("POST", "/api/invitations/accept", { token }));
}
