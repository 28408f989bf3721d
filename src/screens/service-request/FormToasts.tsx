import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import type { ToastMessage } from "./use-single-toast";

/**
 * The form's notification region and its one toast. Its code (Radix Toast) loads apart from the
 * form's, once a visitor starts on the form (see ServiceRequestForm): toasts only follow a submission.
 */
export default function FormToasts({
  toast,
  onOpenChange,
  labels,
}: {
  toast: ToastMessage | null;
  onOpenChange: (open: boolean) => void;
  /** The notification region's and the close button's names, in the page's language. */
  labels: { region: string; close: string; viewport: string };
}) {
  return (
    <ToastProvider label={labels.region}>
      {toast && (
        <Toast key={toast.key} open={toast.open} onOpenChange={onOpenChange} variant={toast.variant}>
          <div className="grid gap-1">
            <ToastTitle>{toast.title}</ToastTitle>
            <ToastDescription>{toast.description}</ToastDescription>
          </div>
          <ToastClose aria-label={labels.close} />
        </Toast>
      )}
      <ToastViewport label={labels.viewport} />
    </ToastProvider>
  );
}
