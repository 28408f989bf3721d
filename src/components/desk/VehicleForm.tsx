import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import type { DeskRequest } from "@/shared/desk-schema";
import { deskVehicleSchema } from "@/shared/partner-schema";
import { deskSend, errorText, invalidateRequests } from "./query-client";

/**
 * "Vehicle for the operator": CVC 22513(a)(2) has the summoned operator hold the car's year, make,
 * model and plate before arriving. The driver's own words stay as they wrote them; what the owner
 * learns on the phone goes here, and the partner's page shows it once they accept. Open while
 * something is missing; behind "Change" once both are there.
 */
export function VehicleForm({ request }: { request: DeskRequest }) {
  const ids = useId();
  const complete = Boolean(request.deskVehicle && request.licensePlate);
  return (
    <section aria-labelledby={`${ids}-heading`} className="space-y-2" data-testid="vehicle-for-operator">
      <h2 id={`${ids}-heading`} className="text-lg font-bold text-ink">
        Vehicle for the operator
      </h2>
      <dl className="text-sm [overflow-wrap:anywhere]">
        <div>
          <dt className="inline font-semibold text-slate-600">Driver wrote: </dt>
          <dd className="inline">{request.vehicle ?? "nothing"}</dd>
        </div>
        <div>
          <dt className="inline font-semibold text-slate-600">Year, make and model: </dt>
          <dd className="inline">{request.deskVehicle ?? <span className="text-red-800">not added yet</span>}</dd>
        </div>
        <div>
          <dt className="inline font-semibold text-slate-600">Plate: </dt>
          <dd className="inline">{request.licensePlate ?? <span className="text-red-800">not added yet</span>}</dd>
        </div>
      </dl>
      {complete ? (
        <details>
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-800 underline">
            Change the vehicle's details
          </summary>
          <VehicleFields request={request} />
        </details>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            The operator must have the year, make, model and plate before arriving: add what the driver told you.
          </p>
          <VehicleFields request={request} />
        </>
      )}
    </section>
  );
}

function VehicleFields({ request }: { request: DeskRequest }) {
  const client = useQueryClient();
  const ids = useId();
  const [deskVehicle, setDeskVehicle] = useState(request.deskVehicle ?? "");
  const [licensePlate, setLicensePlate] = useState(request.licensePlate ?? "");
  const [problem, setProblem] = useState("");
  const [saved, setSaved] = useState("");
  const save = useMutation({
    mutationFn: (body: { deskVehicle: string; licensePlate: string }) =>
      deskSend(client, "POST", `/api/desk/requests/${request.id}/vehicle`, body),
    onSuccess: async () => {
      setSaved("Vehicle saved: the operator's page shows it once they accept.");
      await invalidateRequests(client);
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved("");
    const parsed = deskVehicleSchema.safeParse({ deskVehicle, licensePlate });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Check the fields.");
      return;
    }
    setProblem("");
    save.mutate(parsed.data);
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
    >
      <FormField id={`${ids}-vehicle`} label="Year, make and model">
        <input
          id={`${ids}-vehicle`}
          className={inputClass}
          maxLength={120}
          autoComplete="off"
          placeholder="2014 Honda Civic, silver"
          value={deskVehicle}
          onChange={(e) => setDeskVehicle(e.target.value)}
        />
      </FormField>
      <FormField id={`${ids}-plate`} label="Plate">
        <input
          id={`${ids}-plate`}
          className={inputClass}
          maxLength={12}
          autoComplete="off"
          autoCapitalize="characters"
          value={licensePlate}
          onChange={(e) => setLicensePlate(e.target.value)}
        />
      </FormField>
      <Button type="submit" variant="dark" disabled={save.isPending}>
        Save vehicle
      </Button>
      {(problem || save.isError) && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-3">
          {problem || errorText(save.error)}
        </p>
      )}
      <p role="status" className="min-h-6 text-sm font-medium text-emerald-800 sm:col-span-3">
        {saved}
      </p>
    </form>
  );
}
