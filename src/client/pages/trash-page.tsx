// Route /trash (signed in): the deleted documents, with a way back to the dashboard.
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "wouter";
import { PageShell, SiteHeader } from "../components/page-shell";
import { Button } from "../components/ui/button";
import { FullPageSpinner } from "../components/ui/spinner";
import { TrashSection } from "../features/documents";
import { useAuth } from "../lib/auth-provider";
import { usePageTitle } from "../lib/page-title";

export default function TrashPage() {
  usePageTitle("Trash");
  const { user, loading } = useAuth();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!loading && !user) navigate("/", { replace: true });
  }, [loading, user, navigate]);
  if (loading || !user) return <FullPageSpinner label="Loading your session" />;
  return (
    <PageShell
      header={
        <SiteHeader
          actions={
            <Button variant="outline" size="sm" asChild>
              <Link href="/">
                <ArrowLeft aria-hidden="true" />
                Documents
              </Link>
            </Button>
          }
        />
      }
    >
      <TrashSection />
    </PageShell>
  );
}
