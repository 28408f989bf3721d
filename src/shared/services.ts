/**
 * The ten services, in the order of the specification's form options. `name` is the exact option
 * text of the request form (section 9) and the page heading; `slug` is the route under /services.
 * The long text of each page lives in src/content/services/{slug}.md.
 */
export const services = [
  { slug: "towing", name: "Towing", image: "tow-truck", short: "Local and long-distance tows" },
  {
    slug: "emergency-towing",
    name: "Emergency Towing Services",
    image: "emergency-towing",
    short: "Day or night, right away",
  },
  {
    slug: "roadside-assistance",
    name: "Roadside Assistance",
    image: "roadside-assistance",
    short: "Help where you stopped",
  },
  {
    slug: "blocked-driveway",
    name: "Blocked Driveway Towing",
    image: "blocked-driveway",
    short: "Clear your driveway lawfully",
  },
  { slug: "flat-tire", name: "Flat Tire", image: "flat-tire", short: "Spare on, back on the road" },
  { slug: "gasoline-delivery", name: "Gasoline Delivery", image: "fuel-delivery", short: "Fuel brought to you" },
  { slug: "junk-car-removal", name: "Junk Car Removal", image: "junk-car", short: "Old car hauled away" },
  { slug: "jump-start", name: "Jump Start", image: "jump-start", short: "Dead battery, live again" },
  { slug: "motorcycle-towing", name: "Motorcycle Towing", image: "motorcycle", short: "Bikes carried with care" },
  { slug: "vehicle-lockouts", name: "Vehicle Lockouts", image: "lockout", short: "Back into your car" },
] as const;

export type Service = (typeof services)[number];
export type ServiceSlug = Service["slug"];
type ServiceName = Service["name"];

/** The form's options, spelled exactly as the specification lists them. */
export const serviceNames = services.map((s) => s.name) as unknown as readonly [ServiceName, ...ServiceName[]];

export const serviceHref = (slug: ServiceSlug) => `/services/${slug}`;
export const serviceImage = (image: string) => `/images/services/${image}.svg`;

/** Used when a service image fails to load. */
export const defaultImage = {
  src: serviceImage("tow-truck"),
} as const;

export function findService(slug: string): Service | undefined {
  return services.find((s) => s.slug === slug);
}
