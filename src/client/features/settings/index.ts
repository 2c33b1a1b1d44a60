// Public entry point of the settings feature; other areas import only from here.
export { AccountSettingsDialog } from "./account-settings-dialog";
