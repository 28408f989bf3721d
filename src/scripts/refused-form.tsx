/**
 * The refused form's page in the browser: hydrates the form the server rendered
 * (server/features/service-requests/form-pages.tsx) with the props it rendered it from, so React takes
 * over the very markup it finds; only the fallback address, which draws nothing, comes from the build.
 */
import { hydrateRoot } from "react-dom/client";
import { readJsonScript } from "@/screens/page/JsonScript";
import {
  REFUSED_FORM_DATA_ID,
  REFUSED_FORM_ROOT_ID,
  type RefusedFormProps,
} from "@/screens/service-request/refused-form";
import { ServiceRequestForm } from "@/screens/service-request/ServiceRequestForm";

const props = readJsonScript<RefusedFormProps>(REFUSED_FORM_DATA_ID);
const root = document.getElementById(REFUSED_FORM_ROOT_ID);
if (props && root) {
  const fallbackUrl = import.meta.env.PUBLIC_CONTACT_FALLBACK_URL || undefined;
  hydrateRoot(root, <ServiceRequestForm {...props} fallbackUrl={fallbackUrl} />);
}
