export {
  leadDetailAction as action,
  leadDetailLoader as loader,
} from "~/screens/lead-detail/lead-detail.server";
export {
  LeadDetailOverDashboard as default,
  dashboardMeta as meta,
} from "~/screens/lead-detail/lead-detail-page";
