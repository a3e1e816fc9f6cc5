import { businessDay } from '../../shared/day'
import { AppError } from '../../shared/errors'
import { toJournalEntry } from '../journal/journal'
import type { FeatureHandlers } from './core'
import { chainLimitUse, dailyLimit } from './limits'
import { present } from './present'
import type { Workspaces } from './workspaces'

/** The journal as the clerk reads it: pages of entries, one entry with its events, the day's limit, notices. */
export function journalHandlers(
  workspaces: Workspaces,
): FeatureHandlers<'listJournal' | 'getEntry' | 'getDailyLimit' | 'listNotices' | 'dismissNotice'> {
  return {
    listJournal: async (args) => {
      const page = workspaces.active().journal.list(args)
      return {
        entries: page.entries.map((e) => toJournalEntry(e)),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      }
    },

    getEntry: async (args) => {
      const ws = workspaces.active()
      const entry = ws.journal.get(args.entryId)
      if (!entry) throw new AppError('NOT_FOUND', 'There is no such journal entry.')
      return { entry: present(workspaces, ws, entry), events: ws.journal.events(entry.id) }
    },

    getDailyLimit: async () => {
      const ws = workspaces.active()
      const day = businessDay(ws.session.clock.now())
      // Training figures never mix with the chain's (the chain's are of the live journal's account).
      const chain = ws.mode === 'live' ? (workspaces.chain?.otherTerminalsUse(day) ?? null) : null
      const limit = dailyLimit(
        ws.journal,
        day,
        workspaces.settings().agreedDailyLimitDirhams,
        chainLimitUse(chain),
      )
      return chain ? { ...limit, chain } : limit
    },

    // A notice belongs to the person who made the deposit: the next person signed in does not get it.
    listNotices: async (args, call) => ({
      notices: workspaces.active().journal.noticesAfter(args.afterId ?? 0, call.person?.id ?? null),
    }),

    dismissNotice: async (args) => {
      const ws = workspaces.active()
      ws.journal.dismissNotice(args.id, new Date(ws.session.clock.now()).toISOString())
      return { dismissed: true }
    },
  }
}
