// PUT /user: metadata, password and email changes for the signed-in user. As GoTrue:
// app_metadata is the server's alone (403 not_admin), and with AUTH_SECURE_PASSWORD_CHANGE
// a password change in a session older than 24 hours needs the nonce that
// GET /reauthenticate mailed.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { UpdateUserBody } from "../../shared/contracts/auth.js";
import { sessions, users } from "../db/index.js";
import type { AuthDeps, RequestInfo } from "./deps.js";
import { consumeReauthentication } from "./email-flows.js";
import { sendEmailChange } from "./emails.js";
import { GoTrueError, gotrue } from "./gotrue-error.js";
import { assertPasswordStrength, hashPassword, verifyPassword } from "./passwords.js";
import type { UserRow } from "./present.js";
import { AUTH_RATE_RULES } from "./rate-rules.js";
import { safeRedirect } from "./redirect.js";
import { findUserByEmail, splitMetadata } from "./users-repo.js";

/** GoTrue asks for reauthentication only in sessions signed in longer ago than this. */
export const REAUTHENTICATION_AFTER_MS = 24 * 3600_000;

export async function updateUser(
  deps: AuthDeps,
  user: UserRow,
  sessionId: string,
  body: z.infer<typeof UpdateUserBody>,
  req: RequestInfo,
): Promise<UserRow> {
  const { ctx } = deps;
  const now = ctx.now();
  const patch: Partial<typeof users.$inferInsert> = {};
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw new GoTrueError(403, "not_admin", "Updating app_metadata requires admin privileges");
  }

  if (body.data) {
    const meta = splitMetadata(body.data, user.userMetadata ?? {});
    if ("error" in meta) throw gotrue.validation(meta.error);
    patch.userMetadata = meta.metadata;
    if (meta.fullName !== undefined) patch.fullName = meta.fullName;
  }

  let passwordChanged = false;
  if (body.password !== undefined) {
    if (deps.securePasswordChange) {
      const [session] = await ctx.db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
      if (!session || now.getTime() > session.createdAt.getTime() + REAUTHENTICATION_AFTER_MS) {
        if (!body.nonce) throw new GoTrueError(400, "reauthentication_needed", "Password update requires reauthentication");
        await consumeReauthentication(deps, user, body.nonce);
      }
    }
    await assertPasswordStrength(body.password);
    if (await verifyPassword(user.passwordHash, body.password)) {
      throw new GoTrueError(422, "same_password", "New password should be different from the old password.");
    }
    patch.passwordHash = await hashPassword(body.password);
    passwordChanged = true;
  }

  let newEmail: string | null = null;
  if (body.email !== undefined && body.email !== user.email.toLowerCase()) {
    await deps.limiter.enforce(AUTH_RATE_RULES.emailPerAddress, `email_change:${body.email}`);
    const taken = await findUserByEmail(ctx.db, body.email);
    if (taken && taken.id !== user.id) {
      throw new GoTrueError(422, "email_exists", "A user with this email address has already been registered");
    }
    patch.pendingEmail = body.email;
    patch.emailChangeSentAt = now;
    newEmail = body.email;
  }

  let updated = user;
  if (Object.keys(patch).length > 0) {
    [updated] = (await ctx.db
      .update(users)
      .set({ ...patch, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning()) as [UserRow];
    // Cached sessions carry the user's name and email.
    await ctx.sessionCache.evict({ userId: user.id });
  }
  // A new password signs out every other device (someone else may know the old one).
  if (passwordChanged) await deps.sessions.logout(user.id, sessionId, "others");
  if (newEmail) {
    await sendEmailChange(ctx, { userId: user.id, email: newEmail, redirectTo: safeRedirect(ctx.config, req.redirectTo) });
  }
  return updated;
}
