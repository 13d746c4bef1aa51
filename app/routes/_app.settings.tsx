export { settingsAction as action, settingsLoader as loader } from "~/screens/settings/settings-page.server";
export { SettingsPage as default, meta } from "~/screens/settings/settings-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
