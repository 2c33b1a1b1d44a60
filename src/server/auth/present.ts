// The user and session objects in GoTrue's JSON layout, as @supabase/auth-js reads them.
import type { users } from "../db/index.js";

export type UserRow = typeof users.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The user's metadata as GoTrue shows it (GET /user and the access token's user_metadata claim). */
export function userMetadata(u: UserRow): Record<string, unknown> {
  return { ...(u.userMetadata ?? {}), full_name: u.fullName, email: u.email, email_verified: !!u.emailConfirmedAt, sub: u.id };
}

/** app_metadata: set by the server only (PUT /user refuses it: not_admin). */
export function appMetadata(): Record<string, unknown> {
  return { provider: "email", providers: ["email"] };
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
    app_metadata: appMetadata(),
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
    ...(u.emailChangeSentAt ? { email_change_sent_at: iso(u.emailChangeSentAt) } : {}),
    created_at: iso(u.createdAt),
    updated_at: iso(u.updatedAt),
    is_anonymous: false,
  };
}

type PresentedUser = ReturnType<typeof presentUser>;

/**
 * What a sign-up without auto-confirm answers: GoTrue's user with its email identity. The
 * same shape for a new address and for one that already has an account (then with a
 * throwaway id), so the answer reveals nothing about which addresses are registered. GoTrue
 * answers `identities: []` for a registered address; we do not (README, "Compatibility with
 * Supabase clients").
 */
export function presentPendingSignup(p: { id?: string; email: string; fullName: string; metadata?: Record<string, unknown> }, now: Date) {
  const id = p.id ?? crypto.randomUUID();
  const at = now.toISOString();
  const metadata = { ...(p.metadata ?? {}), full_name: p.fullName, email: p.email, email_verified: false, sub: id };
  return {
    id,
    aud: "authenticated",
    role: "authenticated",
    email: p.email,
    phone: "",
    confirmation_sent_at: at,
    app_metadata: appMetadata(),
    user_metadata: metadata,
    identities: [
      {
        identity_id: crypto.randomUUID(),
        id,
        user_id: id,
        identity_data: metadata,
        provider: "email",
        email: p.email,
        last_sign_in_at: at,
        created_at: at,
        updated_at: at,
      },
    ],
    created_at: at,
    updated_at: at,
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
