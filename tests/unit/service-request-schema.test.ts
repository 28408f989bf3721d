import { describe, expect, it } from "vitest";
import {
  LOCATION_MESSAGE,
  PHONE_DIGITS_MESSAGE,
  serviceRequestSchema,
  servicesWithoutDropoff,
} from "../../src/shared/service-request-schema";
import { serviceNames } from "../../src/shared/services";

const valid = {
  name: "Dana",
  email: "dana@example.com",
  phone: "209-555-0199",
  service: "Jump Start",
  pickupLocation: "Hammer Ln",
  dropoffLocation: "Hammer Ln",
};
const errorsFor = (patch: Record<string, unknown>) => {
  const result = serviceRequestSchema.safeParse({ ...valid, ...patch });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe("the shared service-request schema", () => {
  it.each(["2095550199", "(209) 555-0199", "209.555.0199", "+1 209 555 0199", "1-209-555-0199"])(
    "takes the phone %s (10 digits, or 11 with the country code 1)",
    (phone) => expect(errorsFor({ phone })).toEqual({}),
  );

  it.each(["12", "555-0199", "209-555-01999", "2-209-555-0199", "call me"])(
    "refuses the phone %s with a message that says what a number needs",
    (phone) => expect(errorsFor({ phone })).toEqual({ phone: PHONE_DIGITS_MESSAGE }),
  );

  it("wants a place a tow operator can find: 3 characters at least, spaces not counted", () => {
    expect(errorsFor({ pickupLocation: "x", dropoffLocation: "  ab  " })).toEqual({
      pickupLocation: LOCATION_MESSAGE,
      dropoffLocation: LOCATION_MESSAGE,
    });
    expect(errorsFor({ pickupLocation: "I-5" })).toEqual({});
  });

  it("still says the specification's words for missing fields and wrong types", () => {
    expect(errorsFor({ phone: "", pickupLocation: "   ", dropoffLocation: undefined })).toEqual({
      phone: "Required",
      pickupLocation: "Required",
      dropoffLocation: "Required",
    });
    expect(errorsFor({ phone: 2095550199 })).toEqual({ phone: "Expected string, received number" });
  });

  it("lists only real form services as needing no drop-off", () => {
    for (const s of servicesWithoutDropoff) expect(serviceNames).toContain(s);
    expect([...servicesWithoutDropoff].sort()).toEqual(
      ["Flat Tire", "Gasoline Delivery", "Jump Start", "Roadside Assistance", "Vehicle Lockouts"].sort(),
    );
  });
});
