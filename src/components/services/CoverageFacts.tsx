/** Where partner operators take calls: the towns and the highways through them, from src/shared/site.ts. */
export function CoverageFacts({
  towns,
  highways,
  title,
  highwaysLabel,
}: {
  towns: string[];
  highways: string;
  title: string;
  highwaysLabel: string;
}) {
  return (
    <section
      aria-labelledby="coverage-title"
      className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-slate-700"
      data-testid="coverage-facts"
    >
      <h2 id="coverage-title" className="mb-3 text-lg font-bold text-ink">
        {title}
      </h2>
      <p>{towns.join(", ")}.</p>
      <p className="mt-2">
        {highwaysLabel} <span data-testid="coverage-highways">{highways}</span>.
      </p>
    </section>
  );
}
