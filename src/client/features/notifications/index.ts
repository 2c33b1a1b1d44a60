// The inbox of mentions and replies (the dashboard's bell); pages import only from here.
export { NotificationBell } from "./notification-bell";
