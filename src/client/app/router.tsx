import { Suspense } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { FullPageSpinner } from "../components/ui/spinner";
import { withQueryClient } from "../lib/load-query-client";
import { ErrorBoundary } from "./error-boundary";
import { lazyPage } from "../lib/lazy-part";

// Every page loads on demand, so the landing page never downloads editor code. bench/bundle.ts
// holds what Chromium downloads for the document, scripts and styles (compressed bodies and
// headers) to 90 KB for the landing page and 260 KB for the editor route, and fails on editor
// code on the landing page; scripts/client-chunks.ts decides which files the modules travel in.
// Every page but the home route brings Query's client with it (lib/load-query-client.ts); the
// home route's landing page does not need it at first view, its dashboard does (home-page.tsx).
const HomePage = lazyPage(() => import("../pages/home-page"));
const SignupPage = lazyPage(withQueryClient(() => import("../pages/signup-page")));
const SignupSuccessPage = lazyPage(withQueryClient(() => import("../pages/signup-success-page")));
const ResetPasswordPage = lazyPage(withQueryClient(() => import("../pages/reset-password-page")));
const EditorPage = lazyPage(withQueryClient(() => import("../pages/editor-page")));
const SharedPage = lazyPage(withQueryClient(() => import("../pages/shared-page")));
const SubscriptionSuccessPage = lazyPage(withQueryClient(() => import("../pages/subscription-success-page")));
const SubscriptionCancelPage = lazyPage(withQueryClient(() => import("../pages/subscription-cancel-page")));
const CheckoutSuccessPage = lazyPage(withQueryClient(() => import("../pages/checkout-success-page")));
const TestCheckoutPage = lazyPage(withQueryClient(() => import("../pages/test-checkout-page")));
const BillingPortalPage = lazyPage(withQueryClient(() => import("../pages/billing-portal-page")));
const PrivacyPage = lazyPage(withQueryClient(() => import("../pages/privacy-page")));
const TermsPage = lazyPage(withQueryClient(() => import("../pages/terms-page")));
const StatusPage = lazyPage(withQueryClient(() => import("../pages/status-page")));
const InvitePage = lazyPage(withQueryClient(() => import("../pages/invite-page")));
const TrashPage = lazyPage(withQueryClient(() => import("../pages/trash-page")));
const NotFoundPage = lazyPage(withQueryClient(() => import("../pages/not-found-page")));

export function AppRouter() {
  const [location] = useLocation();
  return (
    // Keyed by path so a crashed page resets when the user navigates elsewhere.
    <ErrorBoundary key={location}>
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/signup" component={SignupPage} />
          <Route path="/signup/success" component={SignupSuccessPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          {/* The id is optional: /editor alone creates a new document. */}
          <Route path="/editor/:id?" component={EditorPage} />
          <Route path="/shared/:id" component={SharedPage} />
          <Route path="/invite/:token" component={InvitePage} />
          <Route path="/trash" component={TrashPage} />
          <Route path="/subscription-success" component={SubscriptionSuccessPage} />
          <Route path="/subscription-cancel" component={SubscriptionCancelPage} />
          <Route path="/checkout-success" component={CheckoutSuccessPage} />
          <Route path="/checkout/test/:sessionId" component={TestCheckoutPage} />
          <Route path="/billing/portal" component={BillingPortalPage} />
          <Route path="/privacy" component={PrivacyPage} />
          <Route path="/terms" component={TermsPage} />
          <Route path="/status" component={StatusPage} />
          {/* Spec: /login is navigated to but is not a page; it opens the sign-in dialog on /. */}
          <Route path="/login">
            <Redirect to="/?signin=1" replace />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
