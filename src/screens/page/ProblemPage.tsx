import type { ReactNode } from "react";

export interface ProblemWords {
  title: string;
  heading: string;
  message: string;
  back: string;
}

/**
 * A short page of its own (a refused form post, lookups over the limit) in language `lang`: its title,
 * the heading, the message said as an alert, the way back to the page, and `children` (the phone).
 * A whole document, for a browser without JavaScript: no layout, no script.
 */
export function ProblemPage({
  lang,
  words,
  pageHref,
  children,
}: {
  lang: string;
  words: ProblemWords;
  pageHref: string;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{words.title}</title>
      </head>
      <body>
        <main>
          <h1>{words.heading}</h1>
          <p role="alert">{words.message}</p>
          <p>
            <a href={pageHref}>{words.back}</a>
          </p>
          {children}
        </main>
      </body>
    </html>
  );
}

/**
 * The page a built shell stands for when the site is not built (API-only tests): its title and its
 * slots, in a bare document in language `lang`, with `children` beside the slots.
 */
export function BareShell({
  lang,
  title,
  slots,
  script,
  children,
}: {
  lang: string;
  title: string;
  slots: readonly string[];
  /** The page's own script, deferred (the location page's /here.js). */
  script?: string;
  children?: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        {script && <script src={script} defer />}
      </head>
      <body>
        <main>
          {slots.map((slot) => (
            <div key={slot} data-slot={slot} />
          ))}
          {children}
        </main>
      </body>
    </html>
  );
}
