import { serviceHref, services } from "../../src/lib/services";
import { fullAddress, site } from "../../src/lib/site";
import { CONTENT_DIR, firstSentences, readMarkdownDocs, sections } from "./content-files";

/** One thing the assistant can say, and the words that should lead to it. */
export interface KnowledgeDoc {
  id: string;
  kind: "fact" | "service" | "article";
  title: string;
  /** Words a driver might use for this topic (weighted above the text). */
  keywords: string;
  text: string;
  /** The reply, in the chat's plain-text format (*bold*, _italic_, links). */
  answer: string;
  /** The page that says more. */
  url: string;
}

/**
 * A curated fact: the reply, and the phrase that must stand in `source` (a page's Markdown) so the
 * assistant never says what the pages don't (checked by tests/unit/chat-knowledge.test.ts).
 */
export interface Fact extends Omit<KnowledgeDoc, "kind" | "text"> {
  source?: { file: string; phrase: string };
}

const phone = site.phone.display;
const townList = `${site.areas.slice(0, -1).join(", ")} and ${site.areas.at(-1)}`;

export const facts: Fact[] = [
  {
    id: "hours",
    title: "Hours: available 24/7",
    keywords:
      "open hours 24/7 24 hours night late weekend weekends holiday holidays sunday saturday closed time today tonight midnight always",
    answer: `We're *available 24/7*: nights, weekends and holidays included. Call ${phone} any time.`,
    url: "/about",
  },
  {
    id: "contact",
    title: "Phone number and contact",
    keywords: "phone number call contact reach email e-mail talk person human dispatcher dispatch someone",
    answer: `Call our dispatchers at *${phone}* (24/7), or email ${site.email}. You can also send a request with the form at /contact.`,
    url: "/contact",
  },
  {
    id: "areas",
    title: "Areas we serve",
    keywords:
      "area areas serve service cover coverage towns town cities city where near nearby location locations radius county san joaquin",
    answer: `We serve ${townList}: within about ${site.serviceRadiusMeters / 1000} km of downtown Stockton, including I-5, SR-99, SR-4 and SR-120. Each town has its own page at /areas. Somewhere else? Call ${phone} and ask.`,
    url: "/areas",
  },
  {
    id: "address",
    title: "Our address",
    keywords: "address located office where are you based yard visit",
    answer: `Our address is ${fullAddress}. We connect you with a partner operator who comes to you: call ${phone} or send a request at /contact.`,
    url: "/contact",
  },
  {
    id: "request",
    title: "How to request service",
    keywords: "request book booking order schedule form send service need tow how do i get help appointment online",
    answer: `The fastest way is to call *${phone}*. Or fill in the request form at /contact with your name, phone, the service and the pickup and drop-off places, and a dispatcher will get back to you as soon as possible.`,
    url: "/contact",
  },
  {
    id: "private-property",
    title: "Towing from private property: signs, notice and waiting periods",
    keywords:
      "private property parking lot apartment complex towed without warning notice sign signs 24 hours 96 hours shopping center business lot",
    answer:
      "On private property in California, a lot with a proper sign posted at every entrance can have a car towed without warning. Without signs, the car must first get a notice of parking violation and *96 hours* must pass. A vehicle missing major parts can go 24 hours after the owner tells the police, and a single-family home's own driveway needs neither. More: /blog/car-towed-without-warning-california",
    url: "/blog/car-towed-without-warning-california",
    source: { file: "blog/car-towed-without-warning-california.md", phrase: "96 hours" },
  },
  {
    id: "abandoned",
    title: "When a parked car counts as abandoned",
    keywords: "abandoned abandon left parked street long how long 72 hours days leave car public street",
    answer:
      "A vehicle left in one spot on a public street can be treated as abandoned after *72 hours*, and towed at the owner's expense. More: /blog/car-towed-without-warning-california",
    url: "/blog/car-towed-without-warning-california",
    source: { file: "blog/car-towed-without-warning-california.md", phrase: "72 hours" },
  },
  {
    id: "blocked-driveway",
    title: "A car blocking my driveway",
    keywords: "blocked driveway blocking block parked in front of my driveway someone car across garage neighbor",
    answer: `On a city street, a car blocking a driveway must be *ticketed by the police* before it is towed, and it is the police or parking enforcement who ticket it and arrange the tow: call the police non-emergency line. The owner of the towed vehicle pays the fees. More: /services/blocked-driveway`,
    url: "/services/blocked-driveway",
    source: { file: "services/blocked-driveway.md", phrase: "ticketed by the police" },
  },
  {
    id: "who-pays",
    title: "Who pays for a tow from a driveway or property",
    keywords: "who pays pay fees fee bill charge towed vehicle owner storage responsible",
    answer:
      "When a vehicle is lawfully towed, *the owner of the towed vehicle pays* the towing and storage fees. More: /blog/car-towed-without-warning-california",
    url: "/blog/car-towed-without-warning-california",
    source: { file: "blog/car-towed-without-warning-california.md", phrase: "the owner of the towed vehicle pays" },
  },
  {
    id: "junk-title",
    title: "Junk car removal needs a title",
    keywords: "junk car title pink slip paperwork documents scrap old car remove need sell without title",
    answer:
      "Junk car removal needs a *valid title* for the vehicle, plus a photo ID matching it. Lost the title? You can usually get a duplicate from the DMV first. More: /services/junk-car-removal",
    url: "/services/junk-car-removal",
    source: { file: "services/junk-car-removal.md", phrase: "valid title" },
  },
  {
    id: "hitch-classes",
    title: "Hitch classes and towing capacity",
    keywords:
      "hitch class classes receiver capacity trailer weight rating how much can tow lbs pounds class i ii iii iv",
    answer:
      "Hitch classes are rated by gross trailer weight: Class I up to 2,000 lbs, Class II up to 3,500 lbs, Class III up to 8,000 lbs and Class IV up to 10,000 lbs. Never exceed the lowest rating of your hitch, vehicle and ball mount. More: /blog/car-towing-capacity",
    url: "/blog/car-towing-capacity",
    source: { file: "blog/car-towing-capacity.md", phrase: "10,000 lbs" },
  },
  {
    id: "find-towed-car",
    title: "Finding a car that was towed",
    keywords: "towed my car car was towed find where is my car missing car got towed impound storage yard get back",
    answer:
      "If your car was towed, call the local police non-emergency line: they are told about tows and can say which company has it. Bring your ID and proof of ownership to the yard, and go soon, because storage fees add up daily. More: /blog/car-towed-without-warning-california",
    url: "/blog/car-towed-without-warning-california",
    source: { file: "blog/car-towed-without-warning-california.md", phrase: "non-emergency" },
  },
];

/** Everyday words for each service, so "my battery died" finds the jump-start page. */
const serviceWords: Record<string, string> = {
  towing: "tow truck tow my car broke down breakdown move vehicle flatbed long distance local tow shop mechanic",
  "emergency-towing": "emergency urgent accident crash collision stranded right now middle of the night stuck freeway",
  "roadside-assistance": "roadside assistance help stuck side of the road mechanical problem overheating warning light",
  "blocked-driveway": "blocked driveway blocking parked in front of my driveway",
  "flat-tire": "flat tire tyre puncture spare change tire blowout popped",
  "gasoline-delivery": "gas fuel ran out of gas empty tank petrol gasoline diesel fuel delivery",
  "junk-car-removal": "junk car old car scrap remove haul away get rid of dead car",
  "jump-start": "battery dead battery jump start won't start wont start clicking car died",
  "motorcycle-towing": "motorcycle motorbike bike scooter harley",
  "vehicle-lockouts": "locked out lockout keys locked inside locked my keys in the car key fob unlock",
};

export function buildKnowledge(root = CONTENT_DIR): KnowledgeDoc[] {
  const docs: KnowledgeDoc[] = facts.map(({ source: _source, ...f }) => ({ ...f, kind: "fact", text: f.answer }));

  const pages = new Map(readMarkdownDocs("services", root).map((d) => [d.slug, d]));
  for (const s of services) {
    const page = pages.get(s.slug);
    const lead = String(page?.frontmatter.lead ?? s.short);
    const url = serviceHref(s.slug);
    docs.push({
      id: `service:${s.slug}`,
      kind: "service",
      title: s.name,
      keywords: serviceWords[s.slug] ?? "",
      text: page
        ? sections(page.body)
            .map((x) => x.text)
            .join(" ")
        : lead,
      answer: `*${s.name}*: ${lead} More: ${url} — or call ${phone}.`,
      url,
    });
  }

  // Blog articles and the guides (such as /guides/after-an-accident) are read the same way.
  const longReads = [
    ...readMarkdownDocs("blog", root).map((doc) => ({ doc, url: `/blog/${doc.slug}` })),
    ...readMarkdownDocs("guides", root).map((doc) => ({ doc, url: `/guides/${doc.slug}` })),
  ];
  for (const { doc: article, url } of longReads) {
    const title = String(article.frontmatter.title ?? article.slug);
    sections(article.body).forEach((section, i) => {
      docs.push({
        id: `article:${article.slug}:${i}`,
        kind: "article",
        title: section.heading ? `${title}: ${section.heading}` : title,
        keywords: "",
        text: section.text,
        answer: `${firstSentences(section.text)} More in our article _${title}_: ${url}`,
        url,
      });
    });
  }
  return docs;
}
