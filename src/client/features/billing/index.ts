// Only the pricing section is exported here: the landing page lazy-loads this module, so
// the billing pages import their own views directly (./BillingPortal etc.) to keep that chunk small.
export { PricingSection } from "./pricing-section";
