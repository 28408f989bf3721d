import type { ReactNode } from "react";
import { offerPage as t } from "@/i18n/en/offer-page";
import { fill } from "@/i18n/ui";
import { type JobStepName, nextJobStep, type OfferPageState, offerActionPath } from "@/shared/partner-schema";
import {
  buttonRowClass,
  Card,
  detailsBodyClass,
  detailsClass,
  Hint,
  inputClass,
  Label,
  Submit,
  summaryClass,
  When,
} from "./parts";

const confirmClass = "font-semibold text-ink";

function StepForm({
  token,
  step,
  className,
  children,
}: {
  token: string;
  step: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={offerActionPath(token, "step")}
      className={`space-y-3${className ? ` ${className}` : ""}`}
    >
      <input type="hidden" name="step" value={step} />
      {children}
    </form>
  );
}

/** "Job done" ends the job, so it takes two taps: the first opens the question, the second answers it. */
function ConfirmDone({ token }: { token: string }) {
  return (
    <details className={detailsClass} data-testid="offer-done">
      <summary className="flex min-h-11 cursor-pointer items-center justify-center rounded-md bg-ink px-5 py-1.5 font-semibold text-white hover:bg-slate-700">
        {t.stepButtons.done}
      </summary>
      <StepForm token={token} step="done" className={detailsBodyClass}>
        <p className={confirmClass}>{t.doneConfirm}</p>
        <Submit style="primary">{t.doneYes}</Submit>
      </StepForm>
    </details>
  );
}

/** "Could not complete" ends the job too: a question first, then "Gone on arrival" or a reason. */
function NotCompleted({ token }: { token: string }) {
  return (
    <details className={`${detailsClass} mt-6`} data-testid="offer-not-completed">
      <summary className={summaryClass}>{t.notCompletedSummary}</summary>
      <div className={detailsBodyClass}>
        <p className={confirmClass}>{t.notCompletedConfirm}</p>
        <StepForm token={token} step="not_completed">
          <input type="hidden" name="reason" value={t.goneOnArrival} />
          <Submit style="secondary">{t.goneOnArrivalYes}</Submit>
        </StepForm>
        <StepForm token={token} step="not_completed">
          <Label htmlFor="offer-not-completed">{t.notCompletedLabel}</Label>
          <textarea id="offer-not-completed" name="reason" rows={3} maxLength={280} className={inputClass} />
          <Submit style="danger">{t.notCompletedButton}</Submit>
        </StepForm>
      </div>
    </details>
  );
}

/** The steps still ahead as buttons (forms); none once the job has ended. */
function NextSteps({ step, token }: { step: JobStepName; token: string }) {
  if (step === "done" || step === "not_completed") return <Hint>{t.finished}</Hint>;
  const next = nextJobStep(step);
  return (
    <>
      {next === "done" && <ConfirmDone token={token} />}
      {next && next !== "done" && (
        <div className={buttonRowClass}>
          <StepForm token={token} step={next}>
            <Submit style="primary">{t.stepButtons[next]}</Submit>
          </StepForm>
        </div>
      )}
      <NotCompleted token={token} />
    </>
  );
}

/** The accepted job's progress: where it stands, and the steps still ahead. */
export function Progress({
  state,
  token,
  notCompletedReason,
}: {
  state: OfferPageState;
  token: string;
  notCompletedReason: string | null;
}) {
  const step = state.step ?? "accepted";
  return (
    <Card heading={t.stepsHeading} id="offer-steps-heading">
      <p className="text-2xl font-extrabold text-ink" data-testid="offer-step" aria-live="polite">
        {t.steps[step]}
      </p>
      {state.stepAt && (
        <Hint>
          <When at={state.stepAt} />
        </Hint>
      )}
      {notCompletedReason && (
        <p className="text-slate-700">{fill(t.notCompletedReason, { reason: notCompletedReason })}</p>
      )}
      <NextSteps step={step} token={token} />
    </Card>
  );
}
