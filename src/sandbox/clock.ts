/** The service's clock: real time shifted by an offset that tests set to move across days and expiries. */
export class ServiceClock {
  private offsetMs = 0

  now(): number {
    return Date.now() + this.offsetMs
  }

  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs
  }

  offset(): number {
    return this.offsetMs
  }
}
