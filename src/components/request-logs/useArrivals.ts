import { useEffect, useState } from 'react'

/** The least time between two readings of "N new requests": under steady traffic a poll adds calls every time. */
export const ARRIVALS_EVERY_MS = 30_000

/**
 * What a log's polite status says of new calls: `arrived` counts every row polls added since the log started
 * (0 again when it starts again). The first arrival after a quiet spell is read at once; those after it are
 * added up and read at most every ARRIVALS_EVERY_MS, so a screen reader hears a sum, not every poll. Answers
 * the count to say and the reading's number, a key that makes the same words said again a new text to read.
 */
export function useArrivals(arrived: number): [count: number, reading: number] {
  // What is said, the count of arrivals it covers, and when it was said.
  const [said, setSaid] = useState([0, arrived, -Infinity])
  const [, upTo, at] = said
  useEffect(() => {
    if (arrived < upTo) return void setSaid([0, arrived, at])
    if (arrived === upTo) return
    const timer = setTimeout(() => setSaid([arrived - upTo, arrived, Date.now()]), at + ARRIVALS_EVERY_MS - Date.now())
    return () => clearTimeout(timer)
  }, [arrived, upTo, at])
  return [said[0], upTo]
}
