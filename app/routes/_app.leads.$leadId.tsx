export {
  leadDetailAction as action,
  leadDetailLoader as loader,
} from "~/screens/lead-detail/lead-detail.server";
export { LeadDetailOverLeads as default, leadsMeta as meta } from "~/screens/lead-detail/lead-detail-page";
