// Second public entry of the landing feature, for the Privacy and Terms pages: kept apart
// from index.ts so the legal texts never ride along in the landing page's chunk.
export { PrivacyPolicy } from "./privacy-policy";
export { TermsOfService } from "./terms-of-service";
