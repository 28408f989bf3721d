/** The local part of a number as the site writes it: "555-0100" in "(209) 555-0100". */
const LOCAL_PART = /(\d{3}-\d{4})/;

/**
 * Text with each phone number's local part kept on one line: a narrow phone may wrap after "(209)",
 * which still reads as one number, but never inside "555-" / "0142". Only the seven digits are held
 * together, so large text still wraps instead of pushing the page wider than the screen.
 */
export function PhoneText({ text }: { text: string }) {
  return (
    <>
      {text.split(LOCAL_PART).map((part, i) =>
        LOCAL_PART.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, in order
          <span key={i} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
