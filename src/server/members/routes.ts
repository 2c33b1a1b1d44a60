// Members: the owner invites people by email as viewer or editor, changes a role or removes
// someone (or revokes a pending invitation); the invitee accepts or declines on the emailed
// link's page or under "Shared with me", and only then finds the document there.
// Thin handlers: validate → authorize (owner or member, in SQL) → act → present.
//
// Choices where the product description is silent:
// - Inviting needs the owner's active Professional plan. People already invited keep their
//   access when the owner's plan ends; only new invitations are refused (402).
// - Inviting an address again changes the role and sends a fresh link (the old one stops working).
// - An invitation is pending until the invitee accepts it, signed in with the invited address
//   (the emailed link, or "Shared with me" for a confirmed address). Declining removes it.
// - The owner learns nothing about accounts: inviting any address answers the same (status,
//   body, no name) after the same queries and the same email, whether or not it has an account.
// - A removed member's open editors close at once; a role change reconnects them with the new role.
import type { FastifyInstance } from "fastify";
import { DocumentIdParamsSchema } from "../../shared/contracts/documents.js";
import {
  InvitationParamsSchema,
  InvitationTokenBodySchema,
  InviteMemberBodySchema,
  MAX_INVITATIONS_PER_HOUR,
  MemberParamsSchema,
  UpdateMemberBodySchema,
  invitationPath,
} from "../../shared/contracts/members.js";
import type { AppContext } from "../context.js";
import { publishDocumentChanged } from "../documents/index.js";
import { AppError, RateLimiter, parse, rateLimited, requireUser, upgradeRequired } from "../http/index.js";
import { invitationEmail } from "../mail/index.js";
import { publishRevocation } from "../realtime/index.js";
import {
  acceptInvitation,
  changeMemberRole,
  declineInvitation,
  inviteMember,
  listMembers,
  lookupInvitation,
  ownerMayInvite,
  pendingInvitations,
  removeMember,
  sharedWithMe,
} from "./queries.js";

const INVITE_RULE = { name: "member-invite", limit: MAX_INVITATIONS_PER_HOUR, windowMs: 60 * 60 * 1000 };

export async function memberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limiter = new RateLimiter(ctx.rateLimits, ctx.now, (_rule, wait) =>
    rateLimited("Too many invitations. Please try again later.", wait),
  );
  // Accepting may give someone already a member a stronger role: reads kept with the old one
  // are forgotten on every instance (documents/read-decisions.ts).
  const accepted = async <T extends { document_id: string }>(answer: T): Promise<T> => {
    await publishDocumentChanged(ctx, answer.document_id).catch(() => {});
    return answer;
  };

  app.get("/api/documents/shared", async (request) => {
    const user = requireUser(request);
    return sharedWithMe(ctx, user);
  });

  app.get("/api/documents/:id/members", async (request) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const members = await listMembers(ctx, user.id, id);
    return { members, can_invite: await ownerMayInvite(ctx, user.id) };
  });

  app.post("/api/documents/:id/members", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(DocumentIdParamsSchema, request.params);
    const body = parse(InviteMemberBodySchema, request.body ?? {});
    if (!(await ownerMayInvite(ctx, user.id))) {
      throw upgradeRequired("collaboration", "Inviting people needs the Professional plan. Upgrade to invite collaborators.");
    }
    await limiter.enforce(INVITE_RULE, user.id);
    const invitation = await inviteMember(ctx, user, id, body);
    if (!invitation.created) await publishRevocation(ctx, { type: "member", documentId: id });
    if (invitation.token) {
      // Never addressed to an account: the same message for every address.
      const message = invitationEmail(body.email, null, {
        inviterName: user.fullName || user.email,
        documentTitle: invitation.documentTitle,
        role: body.role,
        // The address rides along so that signing up from the link starts with it filled in.
        url: `${ctx.config.publicUrl}${invitationPath(invitation.token)}?${new URLSearchParams({ email: invitation.member.email })}`,
      });
      try {
        await ctx.mailer.send(message);
      } catch (err) {
        request.log.error({ err }, "invitation email failed");
        throw new AppError(502, "bad_gateway", "The invitation is saved, but its email could not be sent. Invite again to resend it.", {
          member: invitation.member,
        });
      }
    }
    return reply.status(invitation.created ? 201 : 200).send(invitation.member);
  });

  app.patch("/api/documents/:id/members/:memberId", async (request) => {
    const user = requireUser(request);
    const { id, memberId } = parse(MemberParamsSchema, request.params);
    const { role } = parse(UpdateMemberBodySchema, request.body ?? {});
    const member = await changeMemberRole(ctx, user.id, id, memberId, role);
    await publishRevocation(ctx, { type: "member", documentId: id });
    return member;
  });

  app.delete("/api/documents/:id/members/:memberId", async (request, reply) => {
    const user = requireUser(request);
    const { id, memberId } = parse(MemberParamsSchema, request.params);
    await removeMember(ctx, user.id, id, memberId);
    await publishRevocation(ctx, { type: "member", documentId: id });
    return reply.status(204).send();
  });

  app.get("/api/invitations", async (request) => {
    const user = requireUser(request);
    return pendingInvitations(ctx, user);
  });

  app.post("/api/invitations/lookup", async (request) => {
    const user = requireUser(request);
    const { token } = parse(InvitationTokenBodySchema, request.body ?? {});
    return lookupInvitation(ctx, user, token);
  });

  app.post("/api/invitations/accept", async (request) => {
    const user = requireUser(request);
    const { token } = parse(InvitationTokenBodySchema, request.body ?? {});
    return accepted(await acceptInvitation(ctx, user, { token }));
  });

  app.post("/api/invitations/decline", async (request, reply) => {
    const user = requireUser(request);
    const { token } = parse(InvitationTokenBodySchema, request.body ?? {});
    await declineInvitation(ctx, user, { token });
    return reply.status(204).send();
  });

  app.post("/api/invitations/:invitationId/accept", async (request) => {
    const user = requireUser(request);
    const { invitationId } = parse(InvitationParamsSchema, request.params);
    return accepted(await acceptInvitation(ctx, user, { id: invitationId }));
  });

  app.post("/api/invitations/:invitationId/decline", async (request, reply) => {
    const user = requireUser(request);
    const { invitationId } = parse(InvitationParamsSchema, request.params);
    await declineInvitation(ctx, user, { id: invitationId });
    return reply.status(204).send();
  });
}
