/**
 * The driver's request page in the browser. The server rendered the whole page, which works without
 * JavaScript; this only makes its two islands live (request-page-hydrate.tsx), and it loads that, and
 * React with it, once the page has been painted. Imported up front, React was evaluated and the islands
 * hydrated (in one task) as the document finished parsing, before the browser's first frame: the page
 * painted later than it did before the server rendered it with React (issue 49).
 */
import { afterFirstPaint } from "./after-first-paint";

afterFirstPaint(() => import("./request-page-hydrate"));
