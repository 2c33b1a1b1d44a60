import { QueryClientProvider } from "@tanstack/react-query";
import { CommandPalette } from "../features/palette";
import { queryClient } from "../lib/query-client";
import { AuthProvider } from "../lib/auth-provider";
import { DeferredToaster } from "./deferred-toaster";
import { TestModeBanner } from "./test-mode-banner";
import { AppRouter } from "./router";
import { ThemeSync } from "./theme-sync";

/** Provider order matters: AuthProvider clears the query cache on sign-out, so it sits inside the QueryClientProvider. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {/* No app-wide TooltipProvider: each tooltip group brings its own (components/ui/tooltip.tsx). */}
        <ThemeSync />
        <AppRouter />
        <CommandPalette />
        <TestModeBanner />
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
