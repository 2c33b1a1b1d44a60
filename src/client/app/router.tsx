import { lazy, Suspense } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { FullPageSpinner } from "../components/ui/spinner";
import { ErrorBoundary } from "./error-boundary";

// Every page is its own chunk so the landing page never downloads editor code
// (DESIGN §7 budget: landing JS ≤ 100 KB gzip, no editor code on it).
const HomePage = lazy(() => import("../pages/HomePage"));
const SignupPage = lazy(() => import("../pages/SignupPage"));
const SignupSuccessPage = lazy(() => import("../pages/SignupSuccessPage"));
const ResetPasswordPage = lazy(() => import("../pages/ResetPasswordPage"));
const EditorPage = lazy(() => import("../pages/EditorPage"));
const SharedPage = lazy(() => import("../pages/SharedPage"));
const SubscriptionSuccessPage = lazy(() => import("../pages/SubscriptionSuccessPage"));
const SubscriptionCancelPage = lazy(() => import("../pages/SubscriptionCancelPage"));
const CheckoutSuccessPage = lazy(() => import("../pages/CheckoutSuccessPage"));
const TestCheckoutPage = lazy(() => import("../pages/TestCheckoutPage"));
const BillingPortalPage = lazy(() => import("../pages/BillingPortalPage"));
const PrivacyPage = lazy(() => import("../pages/PrivacyPage"));
const TermsPage = lazy(() => import("../pages/TermsPage"));
const StatusPage = lazy(() => import("../pages/StatusPage"));
const NotFoundPage = lazy(() => import("../pages/NotFoundPage"));

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
          {/* Spec: /editor/:id? — the id is optional. */}
          <Route path="/editor/:id?" component={EditorPage} />
          <Route path="/shared/:id" component={SharedPage} />
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
