import { ArrowRight } from "lucide-react";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { PageShell } from "../components/page-shell";
import { Wordmark } from "../components/wordmark";
import { Button } from "../components/ui/button";
import type { AuthMode } from "../features/auth";
import {
  FeatureBlurbs,
  ExportFormatsRow,
  LandingFooter,
  SignupTeaser,
  type SignupValues,
  TypingDemo,
} from "../features/landing";
import { cn } from "../lib/cn";
import { withQueryClient } from "../lib/load-query-client";
import { usePageTitle } from "../lib/page-title";
import { lazyPart } from "../lib/lazy-part";

// The auth dialog (forms, validation, auth-js) loads on first open, keeping the landing page
// light; only its type is imported statically, so none of its code rides in this chunk.
const AuthDialog = lazyPart(() => import("../features/auth").then((m) => ({ default: m.AuthDialog })));
// The pricing cards sit far below the fold; they load when the visitor scrolls within
// 1,000 px of them, presses or focuses the Pricing link, or opens /#pricing, so a visit that
// stays at the top downloads only what it shows (no prefetch when the browser is idle: the
// cards' code and plans would be a tenth of the page's bytes for a section most never reach).
const PricingSection = lazyPart(withQueryClient(() => import("../features/billing").then((m) => ({ default: m.PricingSection }))));

// Compact text buttons so the header fits a 360 px screen.
const textButton =
  "inline-flex h-8 items-center rounded-md px-2 text-sm font-medium outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring";

interface DialogState {
  open: boolean;
  mode: AuthMode;
  initialValues?: { fullName?: string; email?: string; password?: string };
}

/** Route / for visitors: what Draftsmith does, the plans and a way to sign up. */
export default function LandingPage() {
  usePageTitle(
    "Draftsmith — AI writing studio",
    "Write better documents faster with Draftsmith: context-aware AI completion, instant rewrites and always-on autosave. Start free, no credit card required.",
  );
  // Mounted on first use only, then kept so closing animates and reopening is instant.
  const [dialogUsed, setDialogUsed] = useState(false);
  const [dialog, setDialog] = useState<DialogState>({ open: false, mode: "signup" });
  const [pricingWanted, setPricingWanted] = useState(() => window.location.hash === "#pricing");

  const openDialog = useCallback((mode: AuthMode, initialValues?: DialogState["initialValues"]) => {
    setDialogUsed(true);
    setDialog({ open: true, mode, initialValues });
  }, []);

  // /?signin=1 (where /login redirects) opens the sign-in dialog; the flag then leaves the URL.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get("signin") !== "1") return;
    openDialog("signin");
    params.delete("signin");
    const qs = params.toString();
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${qs ? `?${qs}` : ""}${window.location.hash}`);
  }, [openDialog]);

  const startWriting = () => openDialog("signup");
  const wantPricing = () => setPricingWanted(true);
  const fromTeaser = (v: SignupValues) => openDialog("signup", v);

  return (
    <PageShell
      header={
        <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
          <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
            {/* Below 400 px the wordmark shows its icon only (the link keeps its name). */}
            <Wordmark className="text-base sm:text-lg max-[400px]:[&>span]:sr-only" />
            <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
              {/* Loads the pricing cards as soon as the link is pressed or focused; they scroll into view once there. */}
              <a
                href="#pricing"
                onPointerDown={wantPricing}
                onFocus={wantPricing}
                className={cn(textButton, "hidden sm:inline-flex")}
              >
                Pricing
              </a>
              <button type="button" className={textButton} onClick={() => openDialog("signin")}>
                Sign in
              </button>
              <Button size="sm" onClick={startWriting}>
                Start Writing
              </Button>
            </nav>
          </div>
        </header>
      }
      footer={<LandingFooter />}
      mainClassName="w-full"
    >
      <section aria-labelledby="hero-heading" className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:py-20">
        <div className="grid gap-6">
          <h1 id="hero-heading" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Write your best work with an AI partner that knows your draft
          </h1>
          <p className="text-lg text-muted-foreground">
            Draftsmith is a writing studio with AI built in: it checks your grammar and spelling on every plan, rewrites a
            paragraph in one click, completes your sentences as you type where a language model is connected, and saves
            every keystroke.
          </p>
          <div className="flex flex-col items-start gap-2">
            <Button size="lg" onClick={startWriting}>
              Start Writing for Free
              <ArrowRight aria-hidden="true" />
            </Button>
            <p className="text-sm text-muted-foreground">No credit card required</p>
          </div>
        </div>
        <TypingDemo />
      </section>

      <section aria-labelledby="features-heading" className="border-t bg-muted/40 py-16">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6">
          <div className="grid gap-2 text-center">
            <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
              Everything a draft needs
            </h2>
            <p className="text-muted-foreground">AI help where you write, and nothing lost along the way.</p>
          </div>
          <FeatureBlurbs />
        </div>
      </section>

      <section aria-labelledby="formats-heading" className="py-16">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:px-6">
          <div className="grid gap-2 text-center">
            <h2 id="formats-heading" className="text-2xl font-bold tracking-tight">
              Take your words anywhere
            </h2>
            <p className="text-muted-foreground">Export a document in the format the next step needs, or share it by link.</p>
          </div>
          <ExportFormatsRow />
        </div>
      </section>

      <section aria-label="Sign up" className="border-t bg-muted/40 py-16">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
          <div className="grid gap-4">
            <h2 className="text-3xl font-bold tracking-tight">Your next draft starts here</h2>
            <p className="text-muted-foreground">
              Create an account in seconds. Write up to three documents free, with grammar and spelling checks included, then
              upgrade for more documents and the AI editing tools whenever you are ready.
            </p>
          </div>
          <SignupTeaser onSignUp={fromTeaser} />
        </div>
      </section>

      <DeferredPricing wanted={pricingWanted} />

      {dialogUsed && (
        <Suspense fallback={null}>
          <AuthDialog
            open={dialog.open}
            onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
            mode={dialog.mode}
            onModeChange={(mode) => setDialog((d) => ({ ...d, mode, initialValues: undefined }))}
            initialValues={dialog.initialValues}
          />
        </Suspense>
      )}
    </PageShell>
  );
}

/** Mounts the pricing section once it is within 1,000 px of the viewport or asked for, then scrolls to it if asked. */
function DeferredPricing({ wanted }: { wanted: boolean }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = placeholder.current;
    if (!el || near) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: "1000px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near]);

  if (!wanted && !near) return <div ref={placeholder} className="min-h-[40rem]" />;
  return (
    <Suspense fallback={<div className="min-h-[40rem]" />}>
      <PricingSection />
      <ScrollToPricing />
    </Suspense>
  );
}

/**
 * Rendered with the section once its chunk has loaded: if the visitor asked for #pricing
 * (the header link, or /#pricing from the cancel page) before it existed, bring it into view.
 */
function ScrollToPricing() {
  useEffect(() => {
    if (window.location.hash === "#pricing") document.getElementById("pricing")?.scrollIntoView({ block: "start" });
  }, []);
  return null;
}
