/** The inputs of the calls about people and their sign-in (declared in contract.ts). */
import { z } from 'zod'
import { ROLES } from '../people'
import { id, newPin, personName, typedPin } from '../schemas'

export const createManagerInput = z.strictObject({ name: personName, pin: newPin })
export const signInInput = z.strictObject({ personId: id, pin: typedPin })
export const addClerkInput = z.strictObject({ name: personName, pin: newPin, role: z.enum(ROLES).optional() })
export const updateClerkInput = z.strictObject({
  personId: id,
  name: personName.optional(),
  pin: newPin.optional(),
  role: z.enum(ROLES).optional(),
  active: z.boolean().optional(),
})
