import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { usePreferencesQuery } from "../../lib/preferences-query";
import type { SettingsSection } from "../../lib/settings-link";
import { AiSettingsTab } from "./ai-settings-tab";
import { DeleteAccountSection } from "./delete-account-section";
import { NotificationsTab } from "./notifications-tab";
import { PreferencesTab } from "./preferences-tab";
import { ProfileTab } from "./profile-tab";
import { useNotificationsQuery } from "./settings-api";
import { SubscriptionTab } from "./subscription-tab";

interface AccountSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens at this section's tab (e.g. "ai-connection") instead of Profile. */
  section?: SettingsSection;
}

// Tabs stay mounted while the dialog is open so unsaved edits survive switching tabs.
const panelClass = "mt-2 data-[state=inactive]:hidden";

/** The Account Settings dialog (spec editor §2): Profile, Preferences, Subscription, Notifications, AI. */
export function AccountSettingsDialog({ open, onOpenChange, section }: AccountSettingsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Account Settings</DialogTitle>
          <DialogDescription>Manage your profile, preferences, subscription, notifications and AI.</DialogDescription>
        </DialogHeader>
        {open && <SettingsTabs close={() => onOpenChange(false)} initialTab={section === "ai-connection" ? "ai" : section === "subscription" ? "subscription" : "profile"} />}
      </DialogContent>
    </Dialog>
  );
}

function SettingsTabs({ close, initialTab }: { close: () => void; initialTab: string }) {
  const preferences = usePreferencesQuery();
  const notifications = useNotificationsQuery();
  return (
    // min-w-0: the dialog is a grid, and without it the row of tabs would widen the dialog
    // past a phone's screen instead of scrolling inside it.
    <Tabs defaultValue={initialTab} className="min-w-0">
      {/* On a phone the five tabs sit in two rows of a grid, so each one shows (a sideways-scrolling row hid the last two). */}
      <TabsList className="w-full max-sm:grid max-sm:h-auto max-sm:grid-cols-[repeat(auto-fit,minmax(6rem,1fr))] max-sm:gap-[3px] max-sm:overflow-visible max-sm:[&>button]:h-9 max-sm:[&>button]:px-1">
        <TabsTrigger value="profile">Profile</TabsTrigger>
        <TabsTrigger value="preferences">Preferences</TabsTrigger>
        <TabsTrigger value="subscription">Subscription</TabsTrigger>
        <TabsTrigger value="notifications">Notifications</TabsTrigger>
        <TabsTrigger value="ai">AI</TabsTrigger>
      </TabsList>
      <TabsContent value="profile" forceMount className={panelClass}>
        <div className="grid gap-6">
          <ProfileTab onDone={close} />
          <DeleteAccountSection onDone={close} />
        </div>
      </TabsContent>
      <TabsContent value="preferences" forceMount className={panelClass}>
        {preferences.data ? (
          <PreferencesTab saved={preferences.data} />
        ) : (
          <LoadState error={preferences.isError} what="preferences" retry={() => preferences.refetch()} />
        )}
      </TabsContent>
      <TabsContent value="subscription" forceMount className={panelClass}>
        <SubscriptionTab />
      </TabsContent>
      <TabsContent value="notifications" forceMount className={panelClass}>
        {notifications.data ? (
          <NotificationsTab saved={notifications.data} />
        ) : (
          <LoadState error={notifications.isError} what="notification settings" retry={() => notifications.refetch()} />
        )}
      </TabsContent>
      <TabsContent value="ai" forceMount className={panelClass}>
        <AiSettingsTab />
      </TabsContent>
    </Tabs>
  );
}

function LoadState({ error, what, retry }: { error: boolean; what: string; retry: () => void }) {
  if (!error) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-2/3" />
      </div>
    );
  }
  return (
    <p role="alert" className="text-sm text-destructive">
      Could not load your {what}.{" "}
      <button type="button" onClick={retry} className="font-medium underline underline-offset-4">
        Try again
      </button>
    </p>
  );
}
