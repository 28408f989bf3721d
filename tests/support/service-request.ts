/** A service request a driver could send, valid for the shared schema; tests spread it and change what they test. */
export const validServiceRequest = {
  name: "Maria Lopez",
  email: "maria@example.com",
  phone: "(209) 555-0100",
  service: "Jump Start",
  pickupLocation: "Pacific Ave & March Ln, Stockton",
  dropoffLocation: "1200 W Fremont St, Stockton",
};

/** The `n`th of many drivers' towing requests, each its own name, e-mail and pickup: for tests that send a batch. */
export const numberedServiceRequest = (n: number) => ({
  name: `Driver ${n}`,
  email: `driver${n}@example.com`,
  phone: "(209) 555-0100",
  service: "Towing",
  pickupLocation: `${100 + n} Pacific Ave, Stockton`,
  dropoffLocation: "1200 W Fremont St, Stockton",
});
