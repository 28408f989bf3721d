import { describe, expect, it } from "vitest";
import { locationWords } from "../../src/i18n/location";
import { distanceMiles } from "../../src/shared/geo";
import { geoUri, openStreetMapUrl, readableFix } from "../../src/shared/location";
import { nearestTown, townsOf } from "../../src/shared/nearest-town";
import { insideServiceArea } from "../../src/shared/service-area";
import { site } from "../../src/shared/site";
import { builtKnowledge } from "../support/content";

/** The towns as the build read them from src/content/areas/*.md. */
const towns = townsOf(builtKnowledge());
const town = (name: string) => {
  const found = towns.find((t) => t.name === name);
  if (!found) throw new Error(`${name} is not among the built towns`);
  return found;
};
/** A point `km` north of a place (a degree of latitude is 111.2 km). */
const north = (p: { latitude: number; longitude: number }, km: number) => ({
  latitude: p.latitude + km / 111.195,
  longitude: p.longitude,
});

describe("nearest town", () => {
  it("knows the ten towns served, with their coordinates from the area pages", () => {
    expect(towns.map((t) => t.name).sort()).toEqual([...site.areas].sort());
    expect(town("Lodi")).toMatchObject({ latitude: 38.12889, longitude: -121.28083 });
  });

  it("puts every town's own centre in that town, at 0 km, inside the service area", () => {
    for (const t of towns) {
      expect(nearestTown(t, towns)).toEqual({ town: t.name, km: 0, miles: 0 });
      expect(insideServiceArea(t)).toBe(true);
    }
  });

  it("names the nearest town and the distance to its centre for points inside the area", () => {
    // The issue's example: a fix on the south side of Lodi.
    expect(nearestTown({ latitude: 38.1302, longitude: -121.2724 }, towns)).toEqual({
      town: "Lodi",
      km: 0.8,
      miles: 0.5,
    });
    // 2 km north of Manteca's centre is still nearest Manteca, 2 km away.
    const nearManteca = nearestTown(north(town("Manteca"), 2), towns);
    expect(nearManteca).toMatchObject({ town: "Manteca", km: 2 });
    expect(insideServiceArea(north(town("Manteca"), 2))).toBe(true);
  });

  it("says a point outside the area is outside, with the nearest town all the same", () => {
    // Downtown Sacramento: 72 km from Stockton; Acampo, 49 km south, is the nearest of the ten.
    const sacramento = { latitude: 38.5816, longitude: -121.4944 };
    expect(nearestTown(sacramento, towns)).toEqual({ town: "Acampo", km: 49.2, miles: 30.6 });
    expect(insideServiceArea(sacramento)).toBe(false);
    // Modesto: Manteca, 26.8 km.
    const modesto = { latitude: 37.6391, longitude: -120.9969 };
    expect(nearestTown(modesto, towns)).toMatchObject({ town: "Manteca", km: 26.8 });
    expect(insideServiceArea(modesto)).toBe(false);
  });

  it("draws the area's edge at the declared service radius around the area's centre", () => {
    const radiusKm = site.serviceRadiusMeters / 1000;
    expect(insideServiceArea(north(site.serviceAreaCenter, radiusKm - 0.1))).toBe(true);
    expect(insideServiceArea(north(site.serviceAreaCenter, radiusKm + 0.1))).toBe(false);
    // Every town served lies inside it.
    for (const t of towns) expect(distanceMiles(site.serviceAreaCenter, t) * 1.609344).toBeLessThan(radiusKm);
  });

  it("has no answer without towns", () => {
    expect(nearestTown(site.geo, [])).toBeUndefined();
  });
});

describe("the readable position", () => {
  const fix = { latitude: 38.13021, longitude: -121.27238, accuracy: 12.4 };
  it("names the town and the accuracy, never the coordinates (they outlive no retention in free text)", () => {
    expect(readableFix(fix, locationWords.en, "Lodi")).toBe("Near Lodi · position sent from my phone (±12 m)");
    expect(readableFix(fix, locationWords.es, "Lodi")).toBe(
      "Cerca de Lodi · posición enviada desde mi teléfono (±12 m)",
    );
    expect(readableFix(fix, locationWords.en)).toBe("position sent from my phone (±12 m)");
  });
  it("links to the phone's maps app and to OpenStreetMap", () => {
    expect(geoUri(fix)).toBe("geo:38.1302,-121.2724");
    expect(openStreetMapUrl(fix)).toBe(
      "https://www.openstreetmap.org/?mlat=38.1302&mlon=-121.2724#map=17/38.1302/-121.2724",
    );
  });
});
