// PUT /user: metadata, password and email changes for the signed-in user.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { UpdateUserBody } from "../../shared/contracts/auth.js";
import { users } from "../db/index.js";
import type { AuthDeps, RequestInfo } from "./deps.js";
import { sendEmailChange } from "./emails.js";
import { GoTrueError, gotrue } from "./gotrue-error.js";
import { assertPasswordStrength, hashPassword, verifyPassword } from "./passwords.js";
import type { UserRow } from "./present.js";
import { AUTH_RATE_RULES } from "./rate-rules.js";
import { safeRedirect } from "./redirect.js";
import { findUserByEmail, splitMetadata } from "./users-repo.js";

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

  if (body.data) {
    const meta = splitMetadata(body.data, user.userMetadata ?? {});
    if ("error" in meta) throw gotrue.validation(meta.error);
    patch.userMetadata = meta.metadata;
    if (meta.fullName !== undefined) patch.fullName = meta.fullName;
  }

  let passwordChanged = false;
  if (body.password !== undefined) {
    assertPasswordStrength(body.password);
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
