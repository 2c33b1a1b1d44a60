export { DocumentsSection } from "./DocumentsSection";
export { useDocumentLimit } from "./use-document-limit";
export { DOCUMENTS_QUERY_KEY, useCreateDocument, useDeleteDocument, useDocuments, useRenameDocument } from "./use-documents";
