import { CommandPalette } from "../features/palette";
import { AuthProvider } from "../lib/auth-provider";
import { DeferredToaster } from "./deferred-toaster";
import { TestModeBanner } from "./test-mode-banner";
import { QueryProvider } from "./query-provider";
import { AppRouter } from "./router";
import { ThemeSync } from "./theme-sync";

/** Query's client reaches the pages through QueryProvider once a page has loaded it (lib/load-query-client.ts). */
export function App() {
  return (
    <QueryProvider>
      <AuthProvider>
        <ThemeSync />
        <AppRouter />
        <CommandPalette />
        <TestModeBanner />
        <DeferredToaster />
      </AuthProvider>
    </QueryProvider>
  );
}
