import { PageShell, SiteHeader } from "../app/layout";
import { Button } from "../components/ui/button";
import { AuthDialog, useAuthDialogFromUrl } from "../features/auth";
import { usePageTitle } from "../lib/page-title";

/** Route / for visitors (spec accounts §2 Landing page): hero and the auth dialog. */
export default function LandingPage() {
  usePageTitle("Draftsmith — AI writing studio");
  const dialog = useAuthDialogFromUrl();
  return (
    <PageShell
      header={
        <SiteHeader
          actions={
            <Button variant="ghost" size="sm" onClick={() => dialog.openAs("signin")}>
              Sign in
            </Button>
          }
        />
      }
      mainClassName="mx-auto flex w-full max-w-4xl flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center sm:px-6"
    >
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Write better, faster, with AI at your side</h1>
      <p className="max-w-2xl text-lg text-muted-foreground">
        Draftsmith is a writing studio for writers, students, creators and teams: rich-text documents that save themselves,
        and AI help when you want it.
      </p>
      <div className="flex flex-col items-center gap-3 sm:flex-row">
        <Button size="lg" onClick={() => dialog.openAs("signup")}>
          Start Writing
        </Button>
        <p className="text-sm text-muted-foreground">
          Already have an account?{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => dialog.openAs("signin")}>
            Sign in
          </Button>
        </p>
      </div>
      <AuthDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        mode={dialog.mode}
        onModeChange={dialog.setMode}
        initialValues={dialog.initialValues}
      />
    </PageShell>
  );
}
