import { Link } from "wouter";
import { Wordmark } from "../../components/wordmark";

const linkClass = "rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline";

/** Footer: Privacy, Terms, Status, and the copyright line. */
export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-1">
          <Wordmark className="text-base" />
          <p className="text-muted-foreground">© 2025 Draftsmith. All rights reserved.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link href="/privacy" className={linkClass}>
                Privacy
              </Link>
            </li>
            <li>
              <Link href="/terms" className={linkClass}>
                Terms
              </Link>
            </li>
            <li>
              <Link href="/status" className={linkClass}>
                Status
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
