export { BillingPortal } from "./BillingPortal";
export { CheckoutSuccess } from "./CheckoutSuccess";
export { PricingSection } from "./PricingSection";
export { SubscriptionCancel } from "./SubscriptionCancel";
export { SubscriptionSuccess } from "./SubscriptionSuccess";
export { TestCheckout } from "./TestCheckout";
