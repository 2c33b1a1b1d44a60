// "Shared with me": documents other people invited this user to, with the owner's name and
// the role; a card opens the editor (read-only for a viewer). Hidden while there are none.
import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { Link } from "wouter";
import { type SharedWithMe, SharedWithMeSchema } from "../../../shared/contracts/members";
import { Badge } from "../../components/ui/badge";
import { apiJson } from "../../lib/api";
import { formatUpdatedAt } from "./format";

export const SHARED_WITH_ME_QUERY_KEY = ["/api/documents/shared"] as const;

async function fetchSharedWithMe(): Promise<SharedWithMe[]> {
  return SharedWithMeSchema.array().parse(await apiJson("GET", SHARED_WITH_ME_QUERY_KEY[0]));
}

/** Hidden while nothing is shared, unless `emptyText` says what to show then. */
export function SharedWithMeSection({ emptyText = null }: { emptyText?: string | null }) {
  const shared = useQuery({ queryKey: SHARED_WITH_ME_QUERY_KEY, queryFn: fetchSharedWithMe, refetchOnWindowFocus: true });
  if (!shared.data) return null;
  if (shared.data.length === 0) return emptyText ? <p className="mt-6 text-muted-foreground">{emptyText}</p> : null;
  return (
    <section aria-labelledby="shared-heading" className="mt-12">
      <h2 id="shared-heading" className="mb-4 text-xl font-semibold tracking-tight">
        Shared with me
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Shared with me">
        {shared.data.map((doc) => (
          <li key={doc.id} className="rounded-xl border bg-card text-card-foreground shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/30">
            <Link
              href={`/editor/${doc.id}`}
              className="flex min-h-28 flex-col gap-3 rounded-xl p-5 outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
              data-testid="shared-document-card"
            >
              <div className="flex items-start gap-3">
                <Users aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <h3 className="line-clamp-2 font-semibold leading-snug break-words">{doc.title}</h3>
              </div>
              <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
                <span className="truncate">Shared by {doc.owner_name}</span>
                <Badge variant="secondary">{doc.role === "editor" ? "Can edit" : "Can view"}</Badge>
              </p>
              <p className="text-xs text-muted-foreground">
                Updated <time dateTime={doc.updated_at}>{formatUpdatedAt(doc.updated_at)}</time>
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
