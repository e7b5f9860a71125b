/**
 * One request per key at a time, shared: callers that ask while it runs get
 * the same promise instead of sending it again (every element on a page asks
 * in the same commit). A failure is forgotten, so the next caller retries; a
 * success is forgotten too unless `keep` makes the map its cache.
 *
 * The React side of the same idea, one submit at a time for a form or a
 * button, is hooks/useSingleFlight.ts.
 */
export function singleFlight<T>(flights: Map<string, Promise<T>>, key: string, start: () => Promise<T>, keep = false): Promise<T> {
  let flight = flights.get(key)
  if (!flight) {
    flights.set(key, (flight = start()))
    const forget = () => flights.get(key) === flight && flights.delete(key)
    flight.then(keep ? undefined : forget, forget)
  }
  return flight
}
