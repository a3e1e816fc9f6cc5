import { randomUUID } from 'node:crypto'
import type { Role } from '../../shared/people'

/** Who is signed in at one window (Electron: a webContents; browser shell: a page). */
export interface SignedIn {
  /** This sign-in, new each time: what the sale of a code remembers as who saw it. */
  id: string
  personId: string
  name: string
  role: Role
  /** Monotonic ms of the last call that was the person's own doing (polls do not count). */
  lastActiveAt: number
}

export type SessionLookup =
  | { state: 'signed-in'; session: SignedIn }
  | { state: 'none' }
  /** Idle longer than the auto-lock time: ended, and the window must ask for the PIN again. */
  | { state: 'expired' }

/**
 * Sessions live in main, keyed by the sender the host identifies (never by anything the page could copy to
 * another window), and expire after the auto-lock time without activity: a window left signed in cannot be
 * used after that, even by a page that skipped its own lock screen. Monotonic time, so a clock change
 * neither ends nor extends a session.
 */
export class Sessions {
  private readonly bySender = new Map<string, SignedIn>()
  /** Windows whose session expired, until they sign in or out: the sign-in screen says why it is there. */
  private readonly expired = new Set<string>()

  constructor(
    private readonly now: () => number,
    private readonly idleLimitMs: () => number,
  ) {}

  lookup(sender: string | undefined): SessionLookup {
    if (sender === undefined) return { state: 'none' }
    const session = this.bySender.get(sender)
    if (!session) return this.expired.has(sender) ? { state: 'expired' } : { state: 'none' }
    if (this.now() - session.lastActiveAt > this.idleLimitMs()) {
      this.bySender.delete(sender)
      this.expired.add(sender)
      return { state: 'expired' }
    }
    return { state: 'signed-in', session }
  }

  start(sender: string, person: { id: string; name: string; role: Role }): SignedIn {
    this.prune()
    const session: SignedIn = {
      id: randomUUID(),
      personId: person.id,
      name: person.name,
      role: person.role,
      lastActiveAt: this.now(),
    }
    this.bySender.set(sender, session)
    this.expired.delete(sender)
    return session
  }

  touch(sender: string): void {
    const session = this.bySender.get(sender)
    if (session) session.lastActiveAt = this.now()
  }

  end(sender: string): void {
    this.bySender.delete(sender)
    this.expired.delete(sender)
  }

  /** Signs a person out everywhere (deactivated, PIN reset, role changed). */
  endPerson(personId: string): void {
    for (const [sender, session] of this.bySender) {
      if (session.personId === personId) this.bySender.delete(sender)
    }
  }

  /** Renamed: the name entries record from now on. */
  rename(personId: string, name: string): void {
    for (const session of this.bySender.values()) if (session.personId === personId) session.name = name
  }

  /** Pages closed without signing out leave sessions behind; they go once idle. */
  private prune(): void {
    const limit = this.idleLimitMs()
    const now = this.now()
    for (const [sender, session] of this.bySender) {
      if (now - session.lastActiveAt > limit) this.bySender.delete(sender)
    }
    // Closed pages never come back to read why they were locked.
    if (this.expired.size > 1000) this.expired.clear()
  }
}
