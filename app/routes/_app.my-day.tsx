export { myDayAction as action, myDayLoader as loader } from "~/screens/my-day/my-day.server";
export { MyDayPage as default, meta } from "~/screens/my-day/my-day-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
