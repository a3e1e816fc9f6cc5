import { useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { toLatinDigits } from '../../../../shared/digits'
import type { Person, Role } from '../../../../shared/people'
import { peopleStore, sessionStore, settingsStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Badge, Button, SelectField, TextField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { SaidHere } from '../../ui/SaidHere'
import { pinProblem } from '../session/SetupScreen'
import { FormFeedback } from '../settings/FormFeedback'
import { useSettingsForm } from '../settings/use-settings-form'

/** The people of this terminal: add, rename, new PIN, deactivate; and the sign-in and reprint rules. */
export function PeoplePanel() {
  const t = useT()
  const m = t.manager.people
  const people = useStore(peopleStore, (s) => s.people)
  const error = useStore(peopleStore, (s) => (s.errorOf === 'list' ? s.error : null))
  const done = useStore(peopleStore, (s) => (s.done?.kind === 'saved' ? s.done : null))
  const me = useStore(sessionStore, (s) => s.session?.person?.id ?? null)

  useEffect(() => {
    void peopleStore.getState().load()
  }, [])

  return (
    <div className="manager-grid people-grid">
      <section className="card" aria-labelledby="people-title">
        <h2 id="people-title">{m.title}</h2>
        {done ? (
          <p className="notice-line notice-good" role="status">
            {m.saved}
          </p>
        ) : null}
        {error ? <ErrorNote error={error} /> : null}
        <table className="report-table">
          <thead>
            <tr>
              <th>{m.name}</th>
              <th>{m.role}</th>
              <th>{m.status}</th>
              <th>{m.actions}</th>
            </tr>
          </thead>
          <tbody>
            {people.map((p) => (
              <PersonRow
                key={p.id}
                person={p}
                isMe={p.id === me}
                // Main refuses to deactivate the last active manager: the button is not offered.
                lastManager={
                  p.role === 'manager' &&
                  p.active &&
                  people.filter((o) => o.role === 'manager' && o.active).length === 1
                }
              />
            ))}
          </tbody>
        </table>
      </section>
      <div>
        <AddPerson />
        <Rules />
      </div>
    </div>
  )
}

function PersonRow({ person, isMe, lastManager }: { person: Person; isMe: boolean; lastManager: boolean }) {
  const t = useT()
  const m = t.manager.people
  const busy = useStore(peopleStore, (s) => s.busy)
  /** An editor open in the row: a new name, a new PIN, or the question before deactivating. */
  const [editing, setEditing] = useState<'name' | 'pin' | 'deactivate' | null>(null)
  const [value, setValue] = useState('')
  /** A new PIN is typed twice, as the manager's own at set-up: a slip is caught before anyone is locked out. */
  const [again, setAgain] = useState('')
  /** Save was pressed: what is still wrong is said at the field, even for an empty one. */
  const [tried, setTried] = useState(false)
  const problem =
    editing === 'pin'
      ? pinProblem(value, t.manager.session)
      : editing === 'name' && value.trim() === ''
        ? m.nameMissing
        : null
  const againProblem = editing === 'pin' && again !== value ? t.manager.session.pinMismatch : null
  const againRef = useRef<HTMLInputElement>(null)
  const renameRef = useRef<HTMLButtonElement>(null)
  const pinRef = useRef<HTMLButtonElement>(null)
  const activeRef = useRef<HTMLButtonElement>(null)
  // The editor closed: the focus goes back to the button that opened it (rendered again once it is closed).
  const [returnTo, setReturnTo] = useState<typeof editing>(null)
  useEffect(() => {
    if (editing !== null || returnTo === null) return
    ;({ name: renameRef, pin: pinRef, deactivate: activeRef })[returnTo].current?.focus()
    setReturnTo(null)
  }, [editing, returnTo])

  function close() {
    setReturnTo(editing)
    setEditing(null)
    setTried(false)
  }

  async function save() {
    setTried(true)
    if (problem) return
    if (againProblem) {
      againRef.current?.focus()
      return
    }
    const change =
      editing === 'deactivate'
        ? { active: false }
        : editing === 'name'
          ? { name: value.trim() }
          : { pin: value }
    const ok = await peopleStore.getState().update(person.id, change)
    // A refused deactivation has its answer (the refusal, said by the panel): the question goes.
    if (ok || editing === 'deactivate') close()
  }

  return (
    <tr>
      <td className="people-name">
        <bdi className="strong">{person.name}</bdi> {isMe ? <span className="muted">{m.you}</span> : null}
      </td>
      <td>{t.manager.role[person.role]}</td>
      <td>
        <Badge tone={person.active ? 'good' : 'pending'}>{person.active ? m.active : m.inactive}</Badge>
      </td>
      <td>
        {editing ? (
          <form
            className="form-row"
            onSubmit={(e) => {
              e.preventDefault()
              void save()
            }}
            onKeyDown={(e) => {
              // Esc takes the editor back, saving nothing; nothing else on the screen sees that Esc.
              if (e.key !== 'Escape') return
              e.preventDefault()
              close()
            }}
          >
            {editing === 'deactivate' ? (
              <p className="form-question" role="alert">
                {m.deactivateQuestion(person.name)}
              </p>
            ) : (
              <TextField
                label={editing === 'name' ? `${m.rename}: ${person.name}` : `${m.resetPin}: ${person.name}`}
                value={value}
                type={editing === 'pin' ? 'password' : 'text'}
                inputMode={editing === 'pin' ? 'numeric' : undefined}
                dir={editing === 'pin' ? 'ltr' : undefined}
                autoComplete="off"
                autoFocus
                onChange={(e) => setValue(editing === 'pin' ? toLatinDigits(e.target.value) : e.target.value)}
                problem={(value || tried) && problem ? problem : null}
              />
            )}
            {editing === 'pin' ? (
              <TextField
                ref={againRef}
                label={`${t.manager.session.pinAgain}: ${person.name}`}
                value={again}
                type="password"
                inputMode="numeric"
                dir="ltr"
                autoComplete="off"
                onChange={(e) => setAgain(toLatinDigits(e.target.value))}
                problem={tried && againProblem ? againProblem : null}
              />
            ) : null}
            <Button type="submit" variant={editing === 'deactivate' ? 'danger' : 'primary'} disabled={busy}>
              {editing === 'deactivate' ? m.deactivate : m.save}
            </Button>
            {/* The question takes the focus on Cancel: the Enter that opened it, bouncing, deactivates nobody. */}
            <Button onClick={close} shortcut="Esc" autoFocus={editing === 'deactivate'}>
              {m.cancel}
            </Button>
          </form>
        ) : (
          <div className="actions">
            <Button
              ref={renameRef}
              variant="quiet"
              aria-label={`${m.rename}: ${person.name}`}
              onClick={() => {
                setEditing('name')
                setValue(person.name)
              }}
            >
              {m.rename}
            </Button>
            <Button
              ref={pinRef}
              variant="quiet"
              aria-label={`${m.resetPin}: ${person.name}`}
              onClick={() => {
                setEditing('pin')
                setValue('')
                setAgain('')
              }}
            >
              {m.resetPin}
            </Button>
            {lastManager ? null : (
              <Button
                ref={activeRef}
                variant="quiet"
                aria-label={`${person.active ? m.deactivate : m.reactivate}: ${person.name}`}
                disabled={busy}
                // Deactivating signs the person out at once: it is asked first. Reactivating is not.
                onClick={() =>
                  person.active
                    ? setEditing('deactivate')
                    : void peopleStore.getState().update(person.id, { active: true })
                }
              >
                {person.active ? m.deactivate : m.reactivate}
              </Button>
            )}
          </div>
        )}
      </td>
    </tr>
  )
}

function AddPerson() {
  const t = useT()
  const m = t.manager.people
  const busy = useStore(peopleStore, (s) => s.busy)
  // What adding came to is said here, in this card, beside its button (a duplicate name was said in the
  // list's card, out of the eye's way).
  const error = useStore(peopleStore, (s) => (s.errorOf === 'add' ? s.error : null))
  const added = useStore(peopleStore, (s) => (s.done?.kind === 'added' ? s.done.name : null))
  const [name, setName] = useState('')
  const [pin, setPin] = useState('')
  const [again, setAgain] = useState('')
  const [role, setRole] = useState<Role>('clerk')
  const [tried, setTried] = useState(false)
  const nameRef = useRef<HTMLInputElement>(null)
  const pinRef = useRef<HTMLInputElement>(null)
  const againRef = useRef<HTMLInputElement>(null)
  const nameMissing = name.trim() === '' ? m.nameMissing : null
  const problem = pinProblem(pin, t.manager.session)
  // The PIN typed twice, as the manager's own at set-up.
  const mismatch = again !== pin ? t.manager.session.pinMismatch : null
  return (
    <form
      className="card"
      aria-labelledby="add-person-title"
      onSubmit={async (e) => {
        e.preventDefault()
        setTried(true)
        // Nobody is added: the first field that needs attention says why and takes the focus.
        if (nameMissing || problem || mismatch) {
          ;(nameMissing ? nameRef : problem ? pinRef : againRef).current?.focus()
          return
        }
        if (await peopleStore.getState().add(name.trim(), pin, role)) {
          setName('')
          setPin('')
          setAgain('')
          setTried(false)
        }
      }}
    >
      <h2 id="add-person-title">{m.add}</h2>
      <TextField
        ref={nameRef}
        label={m.name}
        value={name}
        maxLength={60}
        onChange={(e) => setName(e.target.value)}
        problem={tried ? nameMissing : null}
      />
      <TextField
        ref={pinRef}
        label={t.manager.session.newPin}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        dir="ltr"
        value={pin}
        onChange={(e) => setPin(toLatinDigits(e.target.value))}
        problem={(pin || tried) && problem ? problem : null}
      />
      <TextField
        ref={againRef}
        label={t.manager.session.pinAgain}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        dir="ltr"
        value={again}
        onChange={(e) => setAgain(toLatinDigits(e.target.value))}
        problem={tried && !problem && mismatch ? mismatch : null}
      />
      <SelectField label={m.role} value={role} onChange={(e) => setRole(e.target.value as Role)}>
        <option value="clerk">{t.manager.role.clerk}</option>
        <option value="manager">{t.manager.role.manager}</option>
      </SelectField>
      <div className="actions">
        <Button type="submit" variant="primary" disabled={busy}>
          {m.addButton}
        </Button>
      </div>
      {error ? (
        <SaidHere sayKey={error}>
          <ErrorNote error={error} />
        </SaidHere>
      ) : null}
      {added ? (
        <SaidHere role="status" sayKey={added}>
          <p className="notice-line notice-good">{m.added(added)}</p>
        </SaidHere>
      ) : null}
    </form>
  )
}

function Rules() {
  const t = useT()
  const m = t.manager.people
  const settings = useStore(settingsStore, (s) => s.settings)
  const busy = useStore(settingsStore, (s) => s.busy)
  const { form, change, save } = useSettingsForm(
    settings,
    (s) => ({
      lock: String(s.autoLockMinutes),
      reprint: String(s.reprintWindowMinutes),
      replay: String(s.replayRevealMinutes),
    }),
    'rules',
  )
  const lock = form?.lock ?? ''
  const reprint = form?.reprint ?? ''
  const replay = form?.replay ?? ''
  const setLock = (lock: string) => change({ lock })
  const setReprint = (reprint: string) => change({ reprint })
  const setReplay = (replay: string) => change({ replay })
  const lockN = Number(toLatinDigits(lock))
  const reprintN = Number(toLatinDigits(reprint))
  const replayN = Number(toLatinDigits(replay))
  const lockOk = Number.isInteger(lockN) && lockN >= 1 && lockN <= 480
  const reprintOk = /^\d+$/.test(toLatinDigits(reprint)) && reprintN <= 1440
  const replayOk = /^\d+$/.test(toLatinDigits(replay)) && replayN <= 60
  const allOk = lockOk && reprintOk && replayOk
  return (
    <form
      className="card"
      aria-labelledby="rules-title"
      onSubmit={(e) => {
        e.preventDefault()
        if (!allOk) return
        void save(() =>
          settingsStore
            .getState()
            .update(
              { autoLockMinutes: lockN, reprintWindowMinutes: reprintN, replayRevealMinutes: replayN },
              'rules',
            ),
        )
      }}
    >
      <h2 id="rules-title">{m.rulesTitle}</h2>
      <TextField
        label={m.autoLock}
        value={lock}
        inputMode="numeric"
        dir="ltr"
        onChange={(e) => setLock(e.target.value)}
        problem={lock && !lockOk ? m.minutesRange(1, 480) : null}
      />
      <TextField
        label={m.reprintWindow}
        value={reprint}
        inputMode="numeric"
        dir="ltr"
        onChange={(e) => setReprint(e.target.value)}
        problem={reprint && !reprintOk ? m.minutesRange(0, 1440) : null}
      />
      <TextField
        label={m.replayReveal}
        hint={m.replayRevealHint}
        value={replay}
        inputMode="numeric"
        dir="ltr"
        onChange={(e) => setReplay(e.target.value)}
        problem={replay && !replayOk ? m.minutesRange(0, 60) : null}
      />
      <div className="actions">
        <Button type="submit" disabled={busy !== null || !allOk}>
          {m.save}
        </Button>
      </div>
      <FormFeedback form="rules" />
    </form>
  )
}
