// The user and session objects in GoTrue's JSON layout, as @supabase/auth-js reads them.
import type { users } from "../db/index.js";

export type UserRow = typeof users.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function userMetadata(u: UserRow): Record<string, unknown> {
  return { ...(u.userMetadata ?? {}), full_name: u.fullName, email: u.email, email_verified: !!u.emailConfirmedAt, sub: u.id };
}

export function presentUser(u: UserRow) {
  const metadata = userMetadata(u);
  return {
    id: u.id,
    aud: "authenticated",
    role: u.role,
    email: u.email,
    email_confirmed_at: iso(u.emailConfirmedAt),
    confirmed_at: iso(u.emailConfirmedAt),
    phone: "",
    last_sign_in_at: iso(u.lastSignInAt),
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: metadata,
    identities: [
      {
        identity_id: u.id,
        id: u.id,
        user_id: u.id,
        identity_data: metadata,
        provider: "email",
        email: u.email,
        last_sign_in_at: iso(u.lastSignInAt),
        created_at: iso(u.createdAt),
        updated_at: iso(u.updatedAt),
      },
    ],
    ...(u.pendingEmail ? { new_email: u.pendingEmail } : {}),
    created_at: iso(u.createdAt),
    updated_at: iso(u.updatedAt),
    is_anonymous: false,
  };
}

type PresentedUser = ReturnType<typeof presentUser>;

/**
 * What a sign-up without auto-confirm answers. The same shape for a new address and for
 * one that already has an account (then with a throwaway id), so the answer reveals
 * nothing about which addresses are registered.
 */
export function presentPendingSignup(p: { id?: string; email: string; fullName: string }, now: Date) {
  const id = p.id ?? crypto.randomUUID();
  return {
    id,
    aud: "authenticated",
    role: "authenticated",
    email: p.email,
    phone: "",
    confirmation_sent_at: now.toISOString(),
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: { full_name: p.fullName, email: p.email, email_verified: false, sub: id },
    identities: [],
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    is_anonymous: false,
  };
}

export interface IssuedSession {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: PresentedUser;
}
