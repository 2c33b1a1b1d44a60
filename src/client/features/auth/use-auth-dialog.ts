// Dialog state for pages that host the AuthDialog; `?signin=1` in the URL opens sign-in
// (the spec's /login redirects there).
import { useEffect, useState } from "react";
import type { AuthMode } from "./auth-dialog";

export function useAuthDialogFromUrl() {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthMode>("signin");
  const [initialValues, setInitialValues] = useState<{ fullName?: string; email?: string; password?: string }>();

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get("signin") === "1") {
      setMode("signin");
      setOpen(true);
      params.delete("signin");
      const qs = params.toString();
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${qs ? `?${qs}` : ""}${window.location.hash}`);
    }
  }, []);

  const openAs = (next: AuthMode, values?: { fullName?: string; email?: string; password?: string }) => {
    setInitialValues(values);
    setMode(next);
    setOpen(true);
  };

  return { open, setOpen, mode, setMode, initialValues, openAs };
}
