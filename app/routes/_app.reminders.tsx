export { remindersLoader as loader } from "~/screens/my-day/my-day.server";
export { RemindersPage as default, meta } from "~/screens/my-day/reminders-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
