import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client";
import { addUser } from "../../server/features/desk/users";
import { rebuildNumbersRollups } from "../../server/features/numbers/rollups";
import { business } from "../../src/shared/business";
import { callPlacements } from "../../src/shared/event-schema";
import { services } from "../../src/shared/services";
import { sqlArray } from "./bench-data";

/** Site events: a year of days, every one with these pages counted in each placement and language. */
const EVENT_DAYS = 365;
const EVENT_PAGES = 30;

const firstNames = [
  "Maria",
  "James",
  "Ana",
  "Luis",
  "Emily",
  "Chen",
  "Priya",
  "David",
  "Sofia",
  "Omar",
  "Grace",
  "Diego",
];
const lastNames = [
  "Lopez",
  "Garcia",
  "Nguyen",
  "Smith",
  "Patel",
  "Kim",
  "Johnson",
  "Hernandez",
  "Singh",
  "Brown",
  "Wong",
];
const streets = [
  "Pacific Ave",
  "March Ln",
  "Hammer Ln",
  "El Dorado St",
  "Fremont St",
  "Airport Way",
  "Main St",
  "Kettleman Ln",
];
/** The business's towns (business.json), so the desk shows the towns it serves. */
const towns = business.towns.map((t) => t.name);

interface SeedOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  /** How many service requests, spread evenly over the last year up to now (a business's year of work). */
  rows: number;
  /** The desk user to make. */
  email: string;
  password: string;
}

/**
 * The desk's benchmark history, written straight into a fresh database (INSERT ... SELECT over
 * generate_series), then the database is closed (a PGlite folder has one owner). Varied requests:
 * names, phones, e-mails and places repeat in different combinations, like real ones; then their
 * history (contacts, partner acceptances), reviews and a year of site events. Returns the seconds taken.
 */
export async function seedDeskHistory({ dataDir, databaseUrl, rows: ROWS, email, password }: SeedOptions) {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    const started = performance.now();
    await database.db.execute(sql`
      insert into contact_requests (name, email, phone, service, pickup_location, dropoff_location, created_at, status)
      select
        f || ' ' || l,
        lower(f) || '.' || lower(l) || i || '@example.com',
        '(209) 555-' || lpad((i % 10000)::text, 4, '0'),
        (${sqlArray(services.map((s) => s.name))})[1 + i % 10],
        (100 + i % 9000) || ' ' || (${sqlArray(streets)})[1 + i % 8] || ', ' || (${sqlArray(towns)})[1 + (i / 8) % 8],
        (200 + i % 7000) || ' ' || (${sqlArray(streets)})[1 + (i / 3) % 8] || ', ' || (${sqlArray(towns)})[1 + (i / 5) % 8],
        now() - make_interval(secs => (${ROWS} - i) * ${Math.floor((365 * 86_400) / ROWS)}),
        (array['new','contacted','dispatched','completed','lost','spam'])[1 + (i / 7) % 6]
      from (
        select i,
          (${sqlArray(firstNames)})[1 + i % ${firstNames.length}] as f,
          (${sqlArray(lastNames)})[1 + (i / ${firstNames.length}) % ${lastNames.length}] as l
        from generate_series(1, ${ROWS}) as i
      ) as g`);
    // Where they came from and the nearest town (none for one in five), and one in fifty cancelled.
    await database.db.execute(sql`
      update contact_requests set
        source = (array['web','chat','phone'])[1 + id % 3],
        nearest_town = case when id % 5 = 0 then null else (${sqlArray(towns)})[1 + id % 8] end,
        status = case when id % 50 = 0 then 'cancelled' else status end,
        cancelled_at = case when id % 50 = 0 then created_at + interval '20 minutes' end`);
    // The history the numbers page reads: each request contacted within two hours, one in three
    // offered and accepted by a partner within three.
    await database.db.execute(sql`
      insert into request_events (request_id, kind, actor, from_status, to_status, at)
      select id, 'status', 'owner@example.com', 'new', 'contacted', created_at + make_interval(mins => 2 + id % 120)
      from contact_requests`);
    await database.db.execute(sql`
      insert into request_events (request_id, kind, actor, partner_id, note, at)
      select id, 'offer_accepted', 'partner', 1 + id % 7, '25', created_at + make_interval(mins => 5 + id % 180)
      from contact_requests where id % 3 = 0`);
    await database.db.execute(sql`
      insert into reviews (stars, comment, consent, language, first_name, town, created_at)
      select 1 + i % 5, '', i % 2 = 0, 'en', 'Ana', 'Stockton', now() - make_interval(hours => i * 2)
      from generate_series(1, 4000) as i`);
    // A year of site events, every page in every placement and language each day: more than any real year.
    await database.db.execute(sql`
      insert into site_event_counts (day, name, page, placement, language, count)
      select current_date - d, 'call_tap', '/page-' || p, (${sqlArray(callPlacements)})[1 + q], l, 1 + (d + p + q) % 7
      from generate_series(0, ${EVENT_DAYS - 1}) as d, generate_series(1, ${EVENT_PAGES}) as p,
           generate_series(0, ${callPlacements.length - 1}) as q, unnest(array['en','es']) as l`);
    await database.db.execute(sql`
      insert into site_event_counts (day, name, page, placement, language, count)
      select current_date - d, n, '/page-' || p, 'form', l, 1 + (d + p) % 5
      from generate_series(0, ${EVENT_DAYS - 1}) as d, generate_series(1, ${EVENT_PAGES}) as p,
           unnest(array['form_started','form_sent','location_used']) as n, unnest(array['en','es']) as l`);
    // Written around the service requests' own writes: their rollups are counted once, as migration 0016 did.
    await rebuildNumbersRollups(database.db);
    for (const table of [
      "contact_requests",
      "request_events",
      "reviews",
      "site_event_counts",
      "request_day_counts",
      "request_waits",
    ]) {
      await database.db.execute(sql.raw(`analyze ${table}`));
    }
    await addUser(database.db, email, password);
    return (performance.now() - started) / 1000;
  } finally {
    await database.close();
  }
}
