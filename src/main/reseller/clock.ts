/**
 * The service's time, learned from the HTTP Date header of every answer. Outlet PCs often have clocks that
 * are minutes or days off; tokens, recorded instants and business days use the corrected time, while the
 * raw PC time is kept beside it.
 */
/** Below this, a new observation is the header's rounding, not a change of either clock. */
export const OFFSET_TOLERANCE_MS = 1500

export class ServiceClock {
  private offset: number | null = null

  constructor(private readonly pcNow: () => number = Date.now) {}

  /** PC time, as the operating system says. */
  pc(): number {
    return this.pcNow()
  }

  /** Best knowledge of the service's time. */
  now(): number {
    return this.pcNow() + (this.offset ?? 0)
  }

  /** Service clock minus PC clock, or null before the first answer. */
  get offsetMs(): number | null {
    return this.offset
  }

  /**
   * Records a Date header (second resolution) seen on an answer to a request sent at sentPc and answered at
   * receivedPc. The header's second is taken at its middle, against the midpoint of the round trip.
   */
  observe(dateHeader: string | null, sentPc: number, receivedPc: number): void {
    if (!dateHeader) return
    const serviceMs = Date.parse(dateHeader)
    if (!Number.isFinite(serviceMs)) return
    const observed = Math.round(serviceMs + 500 - (sentPc + receivedPc) / 2)
    // A one-second header cannot tell better than about a second; keeping the offset unless it really moved
    // stops recorded instants from jittering back and forth between calls.
    if (this.offset === null || Math.abs(observed - this.offset) > OFFSET_TOLERANCE_MS) this.offset = observed
  }
}
