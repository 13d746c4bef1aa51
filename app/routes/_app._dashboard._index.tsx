export { action, loader } from "~/screens/dashboard/dashboard-dialogs.server";
export { DashboardDialogs as default } from "~/screens/dashboard/dashboard-dialogs";
