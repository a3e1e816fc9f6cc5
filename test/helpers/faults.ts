/** Fault rules the money tests share: the service's answers about access, once each. */
import type { FaultRule } from '../../src/sandbox/index'

/** The service refuses the bearer token of the next POST to `path`: a 401 before it does anything. */
export function tokenRefusedOnce(path: string): FaultRule {
  return {
    method: 'POST',
    path,
    action: 'respond',
    status: 401,
    body: { message: 'Unauthenticated.' },
    times: 1,
  }
}

/** The next token request is cut off before a byte of its answer: the desk gets no new token. */
export const TOKEN_UNANSWERED_ONCE: FaultRule = {
  method: 'POST',
  path: '/token',
  action: 'drop-before-commit',
  times: 1,
}
