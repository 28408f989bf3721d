/** The geolocation every "send my position" asks for: the best fix, 15 s at most, at most a minute old. */
export const GEOLOCATION_PAGE_OPTIONS = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };
