import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClass } from "@/components/ui/form-field";
import { useScriptRunning } from "@/components/ui/use-script-running";
import type { DeskSession } from "@/shared/desk-schema";
import { DeskField } from "./DeskField";
import { deskSend, errorText, SESSION_KEY, type SessionState } from "./query-client";

/**
 * The only thing a visitor without a session sees. Accounts are made on the server, never here.
 *
 * It is pre-rendered into /desk, so it is on screen before the desk's script arrives; what is typed
 * meanwhile stays (hydration keeps the fields' values). It sends once the script runs and the session
 * answer (which carries the CSRF token) is in: until then the button is disabled, which also stops
 * Enter from posting the password anywhere, and a quick tap cannot earn a 403. `checking`: the session
 * is not known yet; a device that was signed in (the page's head script marks <html> with
 * data-desk-session) shows "Loading the desk…" in its place meanwhile.
 */
export function SignInForm({ checking = false }: { checking?: boolean }) {
  const client = useQueryClient();
  const scriptRunning = useScriptRunning();
  const signIn = useMutation({
    mutationFn: async (fields: { email: string; password: string }) =>
      (await (await deskSend(client, "POST", "/api/desk/sign-in", fields)).json()) as DeskSession,
    onSuccess: (session) => {
      const state: SessionState = { signedIn: true, session };
      client.setQueryData(SESSION_KEY, state);
    },
  });

  const onSubmit: NonNullable<ComponentProps<"form">["onSubmit"]> = (event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    signIn.mutate({ email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") });
  };

  return (
    <>
      {checking && (
        <p className="hidden p-6 text-slate-600 [[data-desk-session]_&]:block" data-testid="desk-loading">
          Loading the desk…
        </p>
      )}
      <main
        id="main-content"
        className={cn("mx-auto w-full max-w-sm flex-1 px-4 py-12", checking && "[[data-desk-session]_&]:hidden")}
      >
        <h1 className="text-2xl font-bold text-ink">Sign in to the desk</h1>
        <p className="mt-2 text-slate-600">Service requests, for the people who handle them.</p>
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate={false}>
          <DeskField label="Email">
            {(fieldId) => (
              <input id={fieldId} name="email" type="email" autoComplete="username" required className={inputClass} />
            )}
          </DeskField>
          <DeskField label="Password">
            {(fieldId) => (
              <input
                id={fieldId}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                className={inputClass}
              />
            )}
          </DeskField>
          {signIn.isError && <ErrorAlert className="text-sm font-medium">{errorText(signIn.error)}</ErrorAlert>}
          <Button
            type="submit"
            variant="dark"
            className="w-full"
            disabled={!scriptRunning || checking || signIn.isPending}
          >
            Sign in
          </Button>
        </form>
      </main>
    </>
  );
}
