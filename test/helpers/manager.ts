/**
 * Calls the desk as one window would: through the bridge both hosts use (role, then validation, then the
 * handler), with that window's sender, so the role guard sees what it sees in the app. Rejections come back
 * as plain `{code, message, details}`, as window.api gets them.
 */
import { dispatch } from '../../src/main/bridge'
import { silentLogger } from '../../src/main/log'
import type { DeskMethod, DeskOutputs } from '../../src/shared/contract'
import { AppError } from '../../src/shared/errors'
import type { TestDesk } from './desk'

export type WindowCall = <M extends DeskMethod>(method: M, args?: unknown) => Promise<DeskOutputs[M]>

export interface Window {
  call: WindowCall
  rejection(
    method: DeskMethod,
    args?: unknown,
  ): Promise<{ code: string; message: string; details?: Record<string, unknown> }>
}

export function windowOf(td: TestDesk, sender: string): Window {
  const call: WindowCall = async (method, args) => {
    const envelope = await dispatch(td.desk, method, args, { clerk: null, sender }, silentLogger)
    if (!envelope.ok) throw envelope.error
    return envelope.value as never
  }
  return {
    call,
    async rejection(method, args) {
      try {
        await call(method, args)
      } catch (error) {
        return error as { code: string; message: string; details?: Record<string, unknown> }
      }
      throw new AppError('INTERNAL', `${method} resolved; a rejection was expected`)
    },
  }
}

export const MANAGER = { name: 'Fatima الفيتوري', pin: '2580' }
export const CLERK = { name: 'سالم', pin: '1357' }
