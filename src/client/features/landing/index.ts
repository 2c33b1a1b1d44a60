// Public entry point of the landing feature (used by pages/landing-page).
export { FeatureBlurbs } from "./feature-blurbs";
export { ExportFormatsRow } from "./export-formats";
export { LandingFooter } from "./landing-footer";
export { SignupTeaser, type SignupValues } from "./signup-teaser";
export { TypingDemo } from "./typing-demo";
