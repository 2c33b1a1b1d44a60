import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, RefreshCw, XCircle } from "lucide-react";
import { PageShell } from "../components/page-shell";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { usePageTitle } from "../lib/page-title";

interface Health {
  status?: string;
  database?: string;
  version?: string;
}

interface Check {
  /** Whether the server answered at all; false means network failure or no JSON. */
  reachable: boolean;
  health: Health;
}

// Own queryFn instead of the default one: a degraded server answers 503 with a
// body we still want to read, and a status page must work signed out.
async function fetchHealth(signal: AbortSignal): Promise<Check> {
  try {
    const res = await fetch("/api/health", { signal, headers: { Accept: "application/json" }, cache: "no-store" });
    const health = (await res.json()) as Health;
    return { reachable: true, health };
  } catch (err) {
    if (signal.aborted) throw err;
    return { reachable: false, health: {} };
  }
}

function ComponentRow({ name, ok }: { name: string; ok: boolean }) {
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <span className="font-medium">{name}</span>
      {ok ? (
        <Badge variant="success">
          <CheckCircle2 aria-hidden="true" />
          Operational
        </Badge>
      ) : (
        <Badge variant="destructive">
          <XCircle aria-hidden="true" />
          Down
        </Badge>
      )}
    </li>
  );
}

/** Route /status: live health of the API and database from GET /api/health. */
export default function StatusPage() {
  usePageTitle("System Status");
  const { data, dataUpdatedAt, isPending, isFetching, refetch } = useQuery({
    queryKey: ["/api/health", "status-page"],
    queryFn: ({ signal }) => fetchHealth(signal),
    // A status page should stay current while open (overrides the app's "never stale" default).
    refetchInterval: 30_000,
  });

  const apiOk = !!data?.reachable && data.health.status === "ok";
  const dbOk = !!data?.reachable && data.health.database === "ok";
  const allOk = apiOk && dbOk;

  return (
    <PageShell mainClassName="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight sm:text-3xl">System Status</h1>
      <Card aria-busy={isFetching}>
        <CardHeader>
          <CardTitle asHeading="h2">{isPending ? "Checking…" : allOk ? "All systems operational" : "Some systems are down"}</CardTitle>
          <CardDescription aria-live="polite">
            {isPending ? "Contacting the server." : `Last checked ${new Date(dataUpdatedAt).toLocaleTimeString()}`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <div className="space-y-3" role="status" aria-label="Loading status">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : (
            <ul className="divide-y">
              <ComponentRow name="API" ok={apiOk} />
              <ComponentRow name="Database" ok={dbOk} />
            </ul>
          )}
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
            <span>Version {data?.health.version ?? "unknown"}</span>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              <RefreshCw aria-hidden="true" className={isFetching ? "animate-spin" : undefined} />
              {isFetching ? "Checking…" : "Check again"}
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageShell>
  );
}
