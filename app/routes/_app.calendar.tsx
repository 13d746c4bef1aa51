export { calendarAction as action, calendarLoader as loader } from "~/screens/calendar/calendar.server";
export { CalendarPage as default, meta } from "~/screens/calendar/calendar-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
