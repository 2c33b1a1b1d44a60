// What other areas may use of notifications/; they import this file, never the files behind it.
export { notificationRoutes } from "./routes.js";
export { checkMentions } from "./mentions.js";
export { notifyComment } from "./notify.js";
export { sendDueNotificationEmails, sendWaitingEmail } from "./mail-batch.js";
