// Request bodies of the /auth/v1 service (GoTrue wire format, as @supabase/auth-js sends them).
import { z } from "zod";
import { MAX_METADATA_DEPTH, refineInput } from "./text.js";

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .pipe(z.email({ message: "Unable to validate email address: invalid format" }));
// Checked without recursion before anything serializes it: a 10,000-level object would
// overflow JSON.stringify, and a NUL cannot be stored in jsonb.
const metadata = z.record(z.string(), z.unknown()).superRefine(refineInput(MAX_METADATA_DEPTH, "data"));

// PKCE parameters (auth-js sends null for an implicit flow); checked in server/auth/pkce.ts.
const pkce = {
  code_challenge: z.string().max(200).optional().nullable(),
  code_challenge_method: z.string().max(20).optional().nullable(),
};

export const SignupBody = z.object({
  email,
  password: z.string({ message: "Signup requires a valid password" }),
  data: metadata.optional().nullable(),
  ...pkce,
});

export const PasswordGrantBody = z.object({
  email,
  password: z.string({ message: "You must provide either an email or phone number and a password" }),
});

export const RefreshGrantBody = z.object({ refresh_token: z.string().min(1, "refresh_token required") });

export const RecoverBody = z.object({ email, ...pkce });

/** POST /otp (signInWithOtp with an email): a magic link and a 6-digit code. */
export const OtpBody = z.object({
  email,
  create_user: z.boolean().optional().nullable(),
  data: metadata.optional().nullable(),
  ...pkce,
});

export const PkceGrantBody = z.object({
  auth_code: z.string().max(200).optional().default(""),
  code_verifier: z.string().max(200).optional().default(""),
});

const OtpType = z.enum(["signup", "email", "recovery", "email_change", "magiclink", "invite"]);

export const VerifyBody = z.object({
  type: OtpType,
  /** With `token`: the 6-digit code mailed to this address. */
  email: email.optional(),
  token_hash: z.string().min(1).optional(),
  token: z.string().min(1).optional(),
  redirect_to: z.string().optional(),
});

export const VerifyQuery = z.object({
  type: OtpType,
  token: z.string().min(1),
  redirect_to: z.string().optional(),
});

export const ResendBody = z.object({ email, type: z.enum(["signup", "email_change"]) });

export const UpdateUserBody = z.object({
  email: email.optional(),
  password: z.string().optional(),
  data: metadata.optional().nullable(),
  /** The reauthentication code (GET /reauthenticate), when password changes require it. */
  nonce: z.string().max(20).optional().nullable(),
  /** Refused with not_admin; parsed only to notice it. */
  app_metadata: z.unknown().optional(),
});

export const LogoutScope = z.enum(["global", "local", "others"]);
export type LogoutScope = z.infer<typeof LogoutScope>;
