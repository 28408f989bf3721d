/**
 * A short list of questions and answers as plain, visible text (a heading per question). No
 * FAQPage markup: Google stopped showing FAQ rich results, and the text is for readers.
 */
export function FaqList({
  id,
  title,
  items,
}: {
  id: string;
  title: string;
  items: { question: string; answer: string }[];
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={id} className="mb-4 text-2xl font-bold text-ink">
        {title}
      </h2>
      <div className="space-y-5">
        {items.map((item) => (
          <div key={item.question}>
            <h3 className="font-bold text-ink">{item.question}</h3>
            <p className="mt-1 text-slate-700">{item.answer}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
