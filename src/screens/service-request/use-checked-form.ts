import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from "react";

/** A check's answer: the cleaned values, or one message per field that fails. */
export type CheckResult<In, Out> = { ok: true; values: Out } | { ok: false; errors: Partial<Record<keyof In, string>> };
export type FormCheck<In, Out> = (values: In) => Promise<CheckResult<In, Out>>;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Of the controls with a message, the first in the page's order gets the focus. */
function focusFirstInError<In>(controls: Map<keyof In, Control>, failed: Partial<Record<keyof In, string>>) {
  const failing = [...controls].filter(([name]) => failed[name]).map(([, c]) => c);
  failing.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  failing[0]?.focus();
}

/** Runs the check on the current values; only the latest check's answer sets the fields' messages. */
function useLatestCheck<In, Out>(
  check: FormCheck<In, Out>,
  getValues: () => In,
  initialErrors: Partial<Record<keyof In, string>>,
) {
  const [errors, setErrors] = useState(initialErrors);
  /** The latest check: an older one that answers later must not overwrite its messages. */
  const checks = useRef(0);
  const validate = async () => {
    const mine = ++checks.current;
    const result = await check(getValues());
    if (mine === checks.current) setErrors(result.ok ? {} : result.errors);
    return result;
  };
  return { errors, setErrors, validate };
}

/**
 * Whether the form was submitted (then every change checks again) and is being sent, and the submit
 * handler: it checks, focuses the first field in error (in the page's order) or calls `onValid` with
 * the clean values.
 */
function useSubmission<In, Out>(
  validate: () => Promise<CheckResult<In, Out>>,
  controls: Map<keyof In, Control>,
  submittedBefore: boolean,
) {
  const [isSubmitted, setSubmitted] = useState(submittedBefore);
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(submittedBefore);
  const handleSubmit =
    (onValid: (values: Out) => Promise<void>, onInvalid?: () => void) => async (event?: FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitted(true);
      const result = await validate();
      if (!result.ok) {
        focusFirstInError(controls, result.errors);
        onInvalid?.();
        return;
      }
      setSubmitting(true);
      try {
        await onValid(result.values);
      } finally {
        setSubmitting(false);
      }
    };
  return { submitted, isSubmitted, setSubmitted, isSubmitting, handleSubmit };
}

/**
 * The little a form of uncontrolled fields needs, in place of a form library (react-hook-form was a
 * seventh of the request form page's JavaScript): the fields' values are read from the fields
 * themselves, the check runs on submit and, once submitted, again at every change; the first field in
 * error gets the focus. `watched` fields re-render the form as they change (a counter, a choice that
 * changes the form). `initialErrors` (a form the server refused) count as a first submit: the messages
 * show from the start, and each change checks again.
 */
export function useCheckedForm<In extends Record<string, unknown>, Out>({
  defaultValues,
  check,
  watched = [],
  initialErrors = {},
}: {
  defaultValues: In;
  check: FormCheck<In, Out>;
  watched?: readonly (keyof In)[];
  initialErrors?: Partial<Record<keyof In, string>>;
}) {
  const refusedBefore = Object.keys(initialErrors).length > 0;
  const controls = useRef(new Map<keyof In, Control>());
  /** Values set by code for fields without a control (a position's coordinates). */
  const set = useRef<Partial<In>>({});
  const [, rerender] = useState(0);

  const getValues = useCallback((): In => {
    const values = { ...defaultValues, ...set.current } as Record<keyof In, unknown>;
    for (const [name, control] of controls.current) values[name] = control.value;
    return values as In;
  }, [defaultValues]);

  const { errors, setErrors, validate } = useLatestCheck(check, getValues, initialErrors);
  const { submitted, isSubmitted, setSubmitted, isSubmitting, handleSubmit } = useSubmission(
    validate,
    controls.current,
    refusedBefore,
  );

  const changed = (name: keyof In) => {
    if (watched.includes(name)) rerender((n) => n + 1);
    if (submitted.current) void validate();
  };

  const register = (name: keyof In & string) => ({
    name,
    ref: (control: Control | null) => {
      if (control) controls.current.set(name, control);
      else controls.current.delete(name);
    },
    onChange: (_event: ChangeEvent<Control>) => changed(name),
  });

  const setValue = (name: keyof In, value: In[keyof In]) => {
    const control = controls.current.get(name);
    if (control) control.value = String(value ?? "");
    else set.current[name] = value;
    changed(name);
  };

  const watch = (name: keyof In) => String(getValues()[name] ?? "");

  const reset = (values: In) => {
    set.current = {};
    for (const [name, control] of controls.current) control.value = String(values[name] ?? "");
    submitted.current = false;
    setSubmitted(false);
    setErrors({});
    rerender((n) => n + 1);
  };

  return {
    register,
    handleSubmit,
    reset,
    watch,
    getValues,
    setValue,
    errors,
    isSubmitted,
    isSubmitting,
    defaultValues,
  };
}
