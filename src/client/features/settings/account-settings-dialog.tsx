export interface AccountSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Placeholder: the settings engineer replaces this with the four-tab dialog (spec editor §2 Account Settings). */
export function AccountSettingsDialog(_props: AccountSettingsDialogProps) {
  return null;
}
