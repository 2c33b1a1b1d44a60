
import { useAuth } from "../lib/auth-provider";
import { withQueryClient } from "../lib/load-query-client";
import { FullPageSpinner } from "../components/ui/spinner";
import { lazyPage } from "../lib/lazy-part";

// Separate chunks: visitors never download the dashboard and vice versa.
// The router's Suspense boundary shows a spinner while either loads.
const LandingPage = lazyPage(() => import("./landing-page"));
// The dashboard reads the server through Query; the landing page's first view does not.
const DashboardPage = lazyPage(withQueryClient(() => import("./dashboard-page")));

/** Route /: spinner while auth loads, then the landing page or the dashboard, so a signed-in user never sees the landing page flash. */
export default function HomePage() {
  const { user, loading } = useAuth();
  if (loading) return <FullPageSpinner label="Loading your session" />;
  return user ? <DashboardPage /> : <LandingPage />;
}
