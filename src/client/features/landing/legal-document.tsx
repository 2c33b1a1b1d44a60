import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { PageShell, SiteHeader } from "../../components/page-shell";
import { Button } from "../../components/ui/button";
import { lastUpdatedText } from "./legal-constants";
import { LandingFooter } from "./landing-footer";

/** Shell of the Privacy and Terms pages: Back to Home, the title, "Last updated" and the text. */
export function LegalDocument({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <PageShell
      header={
        <SiteHeader
          actions={
            <Button asChild variant="outline" size="sm">
              <Link href="/">
                <ArrowLeft aria-hidden="true" />
                Back to Home
              </Link>
            </Button>
          }
        />
      }
      footer={<LandingFooter />}
      mainClassName="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6"
    >
      <article className="grid gap-8">
        <header className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="text-sm text-muted-foreground">Last updated: {lastUpdatedText()}</p>
          <p className="text-muted-foreground">{intro}</p>
        </header>
        {children}
      </article>
    </PageShell>
  );
}

/** One numbered section of a legal text. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 leading-relaxed [&_li]:ml-5 [&_li]:list-disc [&_ul]:grid [&_ul]:gap-1.5">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
