import { DESK_METHODS } from '../../shared/contract'

export const TOKEN_HEADER = 'x-desk-token'
/** Which page calls: the page's own random id for this load, the key of its sign-in in main. */
export const PAGE_HEADER = 'x-desk-page'
export const BRIDGE_PATH = '/__bridge/'
export const BRIDGE_SCRIPT_PATH = '/__shell/bridge.js'

/**
 * The browser shell's stand-in for the preload: defines `window.api` from the contract's list of calls,
 * each a POST to the loopback bridge carrying the per-run token. The token arrives in the page address
 * (`?token=`), is kept in sessionStorage for reloads, and is removed from the address bar.
 */
export function bridgeScript(): string {
  return `(() => {
  'use strict';
  const methods = ${JSON.stringify(DESK_METHODS)};
  const url = new URL(location.href);
  let token = url.searchParams.get('token');
  if (token) {
    sessionStorage.setItem('desk-token', token);
    url.searchParams.delete('token');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
  } else {
    token = sessionStorage.getItem('desk-token') || '';
  }
  // A new id per page load: a reload or another tab starts signed out, as a new Electron page does.
  const page = crypto.randomUUID();
  const call = async (method, input) => {
    let response;
    try {
      response = await fetch(${JSON.stringify(BRIDGE_PATH)} + method, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ${JSON.stringify(TOKEN_HEADER)}: token,
          ${JSON.stringify(PAGE_HEADER)}: page,
        },
        body: JSON.stringify({ input: input === undefined ? null : input }),
      });
    } catch {
      throw { code: 'INTERNAL', message: 'The desk is not running (the browser shell stopped).' };
    }
    let envelope;
    try {
      envelope = await response.json();
    } catch {
      throw { code: 'INTERNAL', message: 'The desk answered HTTP ' + response.status + '.' };
    }
    if (envelope && envelope.ok === true) return envelope.value;
    throw envelope && envelope.error ? envelope.error : { code: 'INTERNAL', message: 'Unexpected answer from the desk.' };
  };
  const api = {};
  for (const method of methods) api[method] = (input) => call(method, input);
  Object.defineProperty(window, 'api', { value: Object.freeze(api), writable: false, configurable: false });
})();
`
}
