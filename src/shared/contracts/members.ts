// Members of a document: people the owner invited by email as viewer, commenter or editor, their
// invitation link, and the invitee's "Shared with me" list. An invitation is pending until
// the invitee accepts it, and only then opens the document; the owner's side answers the
// same for every address, so it never tells whether someone has an account.
import { z } from "zod";

/** A commenter reads and comments but never changes the text (as in Google Docs). */
export const MEMBER_ROLES = ["viewer", "commenter", "editor"] as const;
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
  /** The invitee's name, only once they accepted (null while pending). */
  name: z.string().nullable(),
  role: MemberRoleSchema,
  /** "pending" until the invitee accepts; a declined invitation is removed. */
  status: z.enum(["pending", "accepted"]),
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

/**
 * An invitation waiting for the signed-in user's answer: GET /api/invitations lists those sent
 * to their confirmed email address (shown under "Shared with me").
 */
export const PendingInvitationSchema = z.object({
  id: z.string(),
  document_id: z.string(),
  document_title: z.string(),
  /** Who sent it: their name, or their email address when they have no name. */
  inviter_name: z.string(),
  role: MemberRoleSchema,
  created_at: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

/** The emailed link's token: POST /api/invitations/lookup, /accept and /decline. */
export const InvitationTokenBodySchema = z.strictObject({ token: z.string().min(1).max(200) });

/** POST /api/invitations/:invitationId/accept and /decline (from "Shared with me"). */
export const InvitationParamsSchema = z.object({ invitationId: z.string() });

/** POST /api/invitations/lookup: what the invitation page shows before the answer. */
export const InvitationLookupSchema = z.object({
  invitation: PendingInvitationSchema,
  /** The address the invitation was sent to. */
  email: z.string(),
  /** "accepted" when the signed-in user already took it (the page opens the document). */
  status: z.enum(["pending", "accepted"]),
  /** Whether the signed-in account's email is the invited one (only then can it be accepted). */
  for_you: z.boolean(),
});
export type InvitationLookup = z.infer<typeof InvitationLookupSchema>;

/**
 * POST /api/invitations/accept and /api/invitations/:invitationId/accept. Both answers (and
 * /decline) are 403 `forbidden` when the signed-in account's email is not the invited one.
 */
export const AcceptInvitationResponseSchema = z.object({ document_id: z.string(), role: MemberRoleSchema });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;
