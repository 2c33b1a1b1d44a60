// Public entry point of the accounts feature (pages compose these).
export { AuthDialog, type AuthMode } from "./auth-dialog";
export { ResetPasswordForm } from "./reset-password-form";
export { SignupForm } from "./signup-form";
export { SignupSuccess } from "./signup-success";
