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

export const SignupBody = z.object({
  email,
  password: z.string({ message: "Signup requires a valid password" }),
  data: metadata.optional().nullable(),
});

export const PasswordGrantBody = z.object({
  email,
  password: z.string({ message: "You must provide either an email or phone number and a password" }),
});

export const RefreshGrantBody = z.object({ refresh_token: z.string().min(1, "refresh_token required") });

export const RecoverBody = z.object({ email });

const OtpType = z.enum(["signup", "email", "recovery", "email_change", "magiclink", "invite"]);

export const VerifyBody = z.object({
  type: OtpType,
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
});

export const LogoutScope = z.enum(["global", "local", "others"]);
export type LogoutScope = z.infer<typeof LogoutScope>;
