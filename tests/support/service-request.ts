/** A service request a driver could send, valid for the shared schema; tests spread it and change what they test. */
export const validServiceRequest = {
  name: "Maria Lopez",
  email: "maria@example.com",
  phone: "(209) 555-0100",
  service: "Jump Start",
  pickupLocation: "Pacific Ave & March Ln, Stockton",
  dropoffLocation: "1200 W Fremont St, Stockton",
};
