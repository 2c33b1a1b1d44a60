export { type DocumentFilter, DocumentsSection } from "./documents-section";
export { useDocumentLimit } from "./use-document-limit";
export { useDocuments } from "./use-documents";
export { SHARED_WITH_ME_QUERY_KEY, SharedWithMeSection } from "./shared-with-me-section";
export { TrashSection } from "./trash-section";
