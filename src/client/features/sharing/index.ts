// Public entry point of the sharing feature; other areas import only from here.
export { ShareButton } from "./share-button";
export { SharedDocumentView } from "./shared-view-entry";
export { acceptInvitation, declineInvitation, lookupInvitation } from "./members-api";
