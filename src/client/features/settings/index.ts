// Public entry point of the settings feature; other areas import only from here.
export { AccountSettingsDialog, type AccountSettingsDialogProps } from "./account-settings-dialog";
