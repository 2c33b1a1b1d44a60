// Members of a document: people the owner invited by email as viewer or editor, their
// invitation link, and the invitee's "Shared with me" list.
import { z } from "zod";

export const MEMBER_ROLES = ["viewer", "editor"] as const;
export const MemberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/** What the signed-in caller may do with a document. */
export type DocumentAccess = "owner" | MemberRole;

/** People one document may have besides its owner. */
export const MAX_MEMBERS_PER_DOCUMENT = 50;
/** Invitations one owner may send per hour (each one is an email). */
export const MAX_INVITATIONS_PER_HOUR = 60;
export const EMAIL_MAX_LENGTH = 254;

/** Where the emailed invitation link points (the client route that accepts it). */
export const invitationPath = (token: string) => `/invite/${encodeURIComponent(token)}`;

/** POST /api/documents/:id/members */
export const InviteMemberBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email("Enter a valid email address")),
  role: MemberRoleSchema,
});
export type InviteMemberBody = z.infer<typeof InviteMemberBodySchema>;

/** PATCH /api/documents/:id/members/:memberId */
export const UpdateMemberBodySchema = z.strictObject({ role: MemberRoleSchema });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

export const MemberParamsSchema = z.object({ id: z.string(), memberId: z.string() });

export const MemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The invitee's name once they have an account that took the invitation. */
  name: z.string().nullable(),
  role: MemberRoleSchema,
  /** "invited" until the invitee opens the document with an account. */
  status: z.enum(["invited", "joined"]),
  created_at: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

/** GET /api/documents/:id/members: the owner's view. */
export const MembersResponseSchema = z.object({
  members: z.array(MemberSchema),
  /** Whether the owner's plan allows new invitations (Professional). */
  can_invite: z.boolean(),
});
export type MembersResponse = z.infer<typeof MembersResponseSchema>;

/** One entry of GET /api/documents/shared: a document someone else owns and shared with the caller. */
export const SharedWithMeSchema = z.object({
  id: z.string(),
  title: z.string(),
  role: MemberRoleSchema,
  owner_name: z.string(),
  updated_at: z.string(),
});
export type SharedWithMe = z.infer<typeof SharedWithMeSchema>;

/** POST /api/invitations/accept */
export const AcceptInvitationBodySchema = z.strictObject({ token: z.string().min(1).max(200) });
export const AcceptInvitationResponseSchema = z.object({ document_id: z.string(), role: MemberRoleSchema });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;
