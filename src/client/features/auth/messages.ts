// The account texts of the spec (accounts §5/§8, editor §8), in one place.
export const MSG = {
  signupFailed: (message?: string) => ({ title: "Signup failed", description: message || "Unable to create your account" }),
  checkEmail: { title: "Check your email", description: "We sent you a confirmation link to complete your signup." },
  accountReady: { title: "Account created", description: "Welcome to Draftsmith! You're signed in." },
  welcomeBack: { title: "Welcome back!", description: "You have successfully signed in." },
  resetSent: { title: "Reset link sent", description: "Check your email for the password reset link." },
  authFailed: (message?: string) => ({ title: "Authentication failed", description: message || "Please try again." }),
  passwordUpdated: { title: "Password updated", description: "Your new password is set. You're signed in." },
  passwordUpdateFailed: (message?: string) => ({
    title: "Password update failed",
    description: message || "We couldn't update your password. Please try again.",
  }),
} as const;
