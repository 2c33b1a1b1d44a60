export { PricingSection } from "./PricingSection";
