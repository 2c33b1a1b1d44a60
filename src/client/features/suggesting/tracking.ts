// Suggesting mode's tracking plugin lives in shared/ (the live server's tests type with it too).
export { type SuggestionAuthor, type TrackingOptions, isOwn, leaveList, leaveListKey, leaveListPlugin, suggestingKey, trackingPlugin } from "../../../shared/editor/suggesting-tracking";
