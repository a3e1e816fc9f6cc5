import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { Person, Role } from '../../../../shared/people'

export interface PeopleState {
  people: Person[]
  busy: boolean
  error: AppErrorData | null
  /** Which card the error is about (the new person's, or the list's), said in that card. */
  errorOf: 'add' | 'list' | null
  /** What the last change did, for a short confirmation line. */
  done: { kind: 'added' | 'saved'; name: string } | null
  load(): Promise<void>
  add(name: string, pin: string, role: Role): Promise<boolean>
  update(personId: string, change: { name?: string; pin?: string; active?: boolean }): Promise<boolean>
}

export type PeopleStore = StoreApi<PeopleState>

export function createPeopleStore(
  api: Pick<DeskApi, 'listPeople' | 'addClerk' | 'updateClerk'>,
): PeopleStore {
  return createStore<PeopleState>((set, get) => {
    async function change(action: () => Promise<Person>, kind: 'added' | 'saved'): Promise<boolean> {
      if (get().busy) return false
      set({ busy: true, error: null, errorOf: null, done: null })
      try {
        const person = await action()
        set({ people: (await api.listPeople()).people, done: { kind, name: person.name } })
        return true
      } catch (e) {
        set({ error: toAppErrorData(e), errorOf: kind === 'added' ? 'add' : 'list' })
        return false
      } finally {
        set({ busy: false })
      }
    }

    return {
      people: [],
      busy: false,
      error: null,
      errorOf: null,
      done: null,
      async load() {
        try {
          set({ people: (await api.listPeople()).people, error: null, errorOf: null })
        } catch (e) {
          set({ error: toAppErrorData(e), errorOf: 'list' })
        }
      },
      add: (name, pin, role) => change(() => api.addClerk({ name, pin, role }), 'added'),
      update: (personId, c) => change(() => api.updateClerk({ personId, ...c }), 'saved'),
    }
  })
}
