/**
 * Calls the desk as one window would: through the same validation as the bridge, with that window's sender,
 * so the role guard sees what it sees in the app. Rejections come back as plain `{code, message, details}`.
 */
import type { ZodType } from 'zod'
import { DESK_CALLS, type DeskMethod, type DeskOutputs } from '../../src/shared/contract'
import { AppError, toAppErrorData } from '../../src/shared/errors'
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
    const parsed = (DESK_CALLS[method].input as ZodType).safeParse(args)
    if (!parsed.success) throw { code: 'BAD_INPUT', message: parsed.error.message }
    try {
      const handler = td.desk.handlers[method] as (
        a: unknown,
        c: { clerk: null; sender: string },
      ) => Promise<never>
      return await handler(parsed.data, { clerk: null, sender })
    } catch (error) {
      throw toAppErrorData(error)
    }
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
