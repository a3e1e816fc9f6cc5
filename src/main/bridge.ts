import {
  type DeskMethod,
  type DeskOutputs,
  type Envelope,
  isDeskMethod,
  validateDeskInput,
} from '../shared/contract'
import { toAppErrorData } from '../shared/errors'
import { inputTooLarge } from '../shared/input-size'
import type { DeskHandlers } from './desk/handlers'
import type { CallContext } from './desk/workspace'
import type { Logger } from './log'

/** The answer to a call whose input is over the caps of shared/input-size.ts (its content is never looked at). */
export const INPUT_TOO_LARGE = {
  code: 'BAD_INPUT',
  message: 'The call is too large.',
  details: { reason: 'INPUT_TOO_LARGE' },
} as const

/** What the bridge calls: the desk's handlers, and its admission to ask before anything else. */
export interface DeskEndpoint {
  handlers: DeskHandlers
  /** Refuses a caller who may not make this call; else the call as the signed-in person makes it. */
  admit(method: DeskMethod, call: CallContext): CallContext
}

/**
 * One call from the renderer, whichever host carried it (Electron IPC or the browser shell's loopback HTTP),
 * in this order: the method must be in the contract; the caller must be allowed to make it (signed in, the
 * role it needs) — before the input is looked at, so a refused call learns nothing about its schema — and
 * that admission is the one the handler runs with (its guard does not ask again); the
 * input's size is checked against caps (shared/input-size.ts) before its schema is; the input is validated
 * against its schema (never trusted); and the result travels as an envelope — never a throw, since an Error
 * loses its fields crossing the bridge.
 */
export async function dispatch(
  desk: DeskEndpoint,
  method: unknown,
  input: unknown,
  call: CallContext,
  log: Logger,
): Promise<Envelope<DeskOutputs[DeskMethod]>> {
  if (!isDeskMethod(method)) {
    return { ok: false, error: { code: 'BAD_INPUT', message: 'Unknown call.' } }
  }
  try {
    const admitted = desk.admit(method, call)
    // Before the schema sees it: a huge input would cost its validation, and a refusal listing it all.
    if (inputTooLarge(input)) return { ok: false, error: INPUT_TOO_LARGE }
    const valid = validateDeskInput(method, input)
    if (!valid.ok) return { ok: false, error: valid.error }
    const handler = desk.handlers[method] as (
      args: unknown,
      call: CallContext,
    ) => Promise<DeskOutputs[DeskMethod]>
    return { ok: true, value: await handler(valid.args, admitted) }
  } catch (error) {
    const data = toAppErrorData(error)
    if (data.code === 'INTERNAL') log.error(`${method} failed unexpectedly`, { error })
    return { ok: false, error: data }
  }
}
