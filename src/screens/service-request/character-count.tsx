import { cn } from "@/components/ui/cn";

export interface CharacterCountWords {
  /** "Up to {max} characters", before anything is typed. */
  upTo: string;
  /** "{count} of {max}". */
  counter: string;
  /** "{left} characters left", said near the limit. */
  counterLeft: string;
  /** "{over} characters over the limit". */
  counterOver: string;
}

const number = (n: number) => n.toLocaleString("en-US");
const fill = (text: string, values: Record<string, number>) =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? number(values[key] as number) : all));

/**
 * A text field's limit as the person types: "Up to 1,000 characters", then "87 of 120". A screen
 * reader hears nothing while there is room, and "12 characters left" (or how many over) only near the
 * limit: a live region that spoke at every key would drown out the typing. The count is the one the
 * schema judges (the text without its outer spaces).
 */
export function CharacterCount({
  id,
  value,
  max,
  words,
}: {
  id: string;
  value: string;
  max: number;
  words: CharacterCountWords;
}) {
  const count = value.trim().length;
  const left = max - count;
  const near = left <= Math.max(10, Math.round(max / 10));
  const spoken = left < 0 ? fill(words.counterOver, { over: -left }) : near ? fill(words.counterLeft, { left }) : "";
  return (
    <p
      className={cn("text-sm", left < 0 ? "font-semibold text-red-700" : "text-slate-600")}
      data-testid="character-count"
    >
      <span id={id}>{count === 0 ? fill(words.upTo, { max }) : fill(words.counter, { count, max })}</span>
      <span className="sr-only" aria-live="polite">
        {spoken}
      </span>
    </p>
  );
}
