// Realtime channel names, without zod, so the realtime client stays small.
export const documentChannel = (documentId: string) => `document:${documentId}`;
export const channelDocumentId = (channel: string): string | null =>
  channel.startsWith("document:") ? channel.slice("document:".length) || null : null;
