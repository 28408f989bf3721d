import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorAlert } from "@/components/ui/error-alert";
import { telHrefFor } from "@/shared/links";
import type { DeskPartner } from "@/shared/partner-schema";
import { businessTime, dayWords, mailtoHrefFor } from "./format";
import { PARTNERS_KEY, refreshPartnerLists, serviceName } from "./partner-queries";
import { deskSend, errorText } from "./query-client";
import { DEFAULT_REPORT_PERIOD, hrefFor } from "./use-hash-route";

const linkClass = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700";

/** Active or paused, in words and colour both. */
export function PartnerStatus({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2.5 py-0.5 text-xs font-bold",
        active ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800",
      )}
    >
      {active ? "Active" : "Paused"}
    </span>
  );
}

/**
 * The insurance certificate's date, with a warning the owner cannot miss once it has passed: such a
 * partner is never suggested for an offer (the server decides that, and says so in insuranceExpired).
 */
export function InsuranceLine({ partner }: { partner: DeskPartner }) {
  // Without a known certificate date a partner counts as uninsured: never suggested either.
  if (!partner.insuranceExpiresOn)
    return (
      <span className="inline-block rounded-md border-2 border-brand-600 bg-brand-50 px-2 py-0.5 font-semibold text-ink">
        No insurance expiry date recorded: not offered jobs until one is entered
      </span>
    );
  if (partner.insuranceExpired)
    return (
      <span
        className="inline-block rounded-md border-2 border-red-700 bg-red-50 px-2 py-0.5 font-semibold text-red-800"
        data-testid="insurance-expired"
      >
        Insurance expired on {dayWords(partner.insuranceExpiresOn)}: not offered jobs until it is renewed
      </span>
    );
  return <span>Insurance valid until {dayWords(partner.insuranceExpiresOn)}</span>;
}

/** A partner's contact, services, towns, insurance, last offer and notes. */
function PartnerFacts({ partner }: { partner: DeskPartner }) {
  return (
    <dl className="mt-2 space-y-1 text-sm [overflow-wrap:anywhere]">
      <div>
        <dt className="inline font-semibold text-slate-600">Contact: </dt>
        <dd className="inline">
          {partner.contactName},{" "}
          <a href={telHrefFor(partner.phone)} className={linkClass}>
            {partner.phone}
          </a>
          ,{" "}
          <a href={mailtoHrefFor(partner.email)} className={linkClass}>
            {partner.email}
          </a>
        </dd>
      </div>
      <div>
        <dt className="inline font-semibold text-slate-600">Services: </dt>
        <dd className="inline">{partner.services.map(serviceName).join(", ")}</dd>
      </div>
      <div>
        <dt className="inline font-semibold text-slate-600">Towns: </dt>
        <dd className="inline">{partner.towns.join(", ")}</dd>
      </div>
      <div>
        <dt className="sr-only">Insurance</dt>
        <dd>
          <InsuranceLine partner={partner} />
        </dd>
      </div>
      <div>
        <dt className="inline font-semibold text-slate-600">Last offered a job: </dt>
        <dd className="inline">
          {partner.lastOfferedAt ? (
            <time dateTime={partner.lastOfferedAt}>{businessTime(partner.lastOfferedAt)}</time>
          ) : (
            "never"
          )}
        </dd>
      </div>
      {partner.notes && (
        <div>
          <dt className="font-semibold text-slate-600">Notes</dt>
          <dd className="whitespace-pre-wrap">{partner.notes}</dd>
        </div>
      )}
    </dl>
  );
}

/** One partner: the name and status, the facts, Edit, and Pause or Resume. */
function PartnerCard({
  partner,
  busy,
  onToggleActive,
}: {
  partner: DeskPartner;
  busy: boolean;
  onToggleActive: () => void;
}) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-testid="partner">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="min-w-0 text-lg font-bold text-ink [overflow-wrap:anywhere]">{partner.companyName}</h2>
        <PartnerStatus active={partner.active} />
      </div>
      <PartnerFacts partner={partner} />
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={hrefFor({ view: "partner", id: partner.id })}
          className={buttonVariants({ variant: "dark", size: "sm" })}
          aria-label={`Edit ${partner.companyName}`}
        >
          Edit
        </a>
        <button
          type="button"
          className={buttonVariants({ variant: "outline", size: "sm" })}
          disabled={busy}
          onClick={onToggleActive}
          aria-label={`${partner.active ? "Pause" : "Resume"} ${partner.companyName}`}
        >
          {partner.active ? "Pause" : "Resume"}
        </button>
      </div>
    </li>
  );
}

/** The page's heading, with the report and Add a partner beside it. */
function PartnersHeader() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none">
        Partners
      </h1>
      <div className="flex flex-wrap gap-2">
        <a
          href={hrefFor({ view: "report", period: DEFAULT_REPORT_PERIOD })}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Partners report
        </a>
        <a href={hrefFor({ view: "partner", id: "new" })} className={buttonVariants({ size: "sm" })}>
          Add a partner
        </a>
      </div>
    </div>
  );
}

/** The partner directory: who the owner can hand a job to, paused ones included. */
export function PartnersPage({ notice }: { notice: string }) {
  const client = useQueryClient();
  const partners = useQuery<DeskPartner[]>({ queryKey: PARTNERS_KEY, staleTime: 0 });
  const [saved, setSaved] = useState("");
  useEffect(() => {
    document.title = "Partners · Desk";
  }, []);
  // Pause or resume in one tap: a PATCH of that one field, so nothing else the form holds is sent back.
  const setActive = useMutation({
    mutationFn: (partner: DeskPartner) =>
      deskSend(client, "PATCH", `/api/desk/partners/${partner.id}`, { active: !partner.active }),
    onSuccess: async (_res, partner) => {
      setSaved(partner.active ? `${partner.companyName} is paused.` : `${partner.companyName} is active again.`);
      await refreshPartnerLists(client);
    },
  });

  return (
    <section className="space-y-6">
      <PartnersHeader />
      <p role="status" className={cn("text-sm font-medium text-emerald-800", !(notice || saved) && "sr-only")}>
        {saved || notice}
      </p>
      {partners.isPending && <p>Loading…</p>}
      {partners.isError && <ErrorAlert>{errorText(partners.error)}</ErrorAlert>}
      {setActive.isError && <ErrorAlert className="text-sm">{errorText(setActive.error)}</ErrorAlert>}
      {partners.data?.length === 0 && (
        <p className="text-slate-700">
          No partners yet. Add the operators you hand jobs to: the desk then offers each request to those who take its
          service in its town.
        </p>
      )}
      {partners.data && partners.data.length > 0 && (
        <ul aria-label="All partners" className="space-y-3">
          {partners.data.map((partner) => (
            <PartnerCard
              key={partner.id}
              partner={partner}
              busy={setActive.isPending}
              onToggleActive={() => setActive.mutate(partner)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
