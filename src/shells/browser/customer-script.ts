import { CUSTOMER_VIEW_EVENT, CUSTOMER_YES_FRAGMENT } from '../../shared/customer-view'
import { TOKEN_HEADER } from './bridge-script'

export const CUSTOMER_PAGE_PATH = '/customer.html'
export const CUSTOMER_SCRIPT_PATH = '/__shell/customer.js'
/** Streams the views main decides, one JSON line each (the token as for any call). */
export const CUSTOMER_VIEW_PATH = '/__customer/view'
/** The customer's "Yes, this is me", as the page's address said it. */
export const CUSTOMER_YES_PATH = '/__customer/yes'

/**
 * The browser shell's stand-in for what Electron does for the customer window: main's views arrive over a
 * stream (the Electron window gets them pushed into the page), each turned into the same DOM event the page
 * listens to; the page's `#yes=<nonce>` is passed on. The page itself gets no `window.api`. The per-run token
 * arrives in the page's address, as the desk page's does, and is kept in sessionStorage for reloads.
 */
export function customerScript(): string {
  return `(() => {
  'use strict';
  const url = new URL(location.href);
  let token = url.searchParams.get('token');
  if (token) {
    sessionStorage.setItem('customer-token', token);
    url.searchParams.delete('token');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
  } else {
    token = sessionStorage.getItem('customer-token') || '';
  }
  const headers = { 'content-type': 'application/json', ${JSON.stringify(TOKEN_HEADER)}: token };
  const show = (view) => window.dispatchEvent(new CustomEvent(${JSON.stringify(CUSTOMER_VIEW_EVENT)}, { detail: view }));
  const follow = async () => {
    for (;;) {
      try {
        const response = await fetch(${JSON.stringify(CUSTOMER_VIEW_PATH)}, { method: 'POST', headers, body: '{}' });
        if (!response.ok || !response.body) throw new Error('HTTP ' + response.status);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end;
          while ((end = buffer.indexOf('\\n')) >= 0) {
            const line = buffer.slice(0, end);
            buffer = buffer.slice(end + 1);
            if (line) show(JSON.parse(line));
          }
        }
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  window.addEventListener('hashchange', () => {
    const prefix = ${JSON.stringify(`#${CUSTOMER_YES_FRAGMENT}`)};
    if (!location.hash.startsWith(prefix)) return;
    const nonce = location.hash.slice(prefix.length);
    fetch(${JSON.stringify(CUSTOMER_YES_PATH)}, { method: 'POST', headers, body: JSON.stringify({ nonce }) }).catch(() => {});
  });
  // Once the page's own script listens (module scripts run before DOMContentLoaded).
  document.addEventListener('DOMContentLoaded', () => void follow());
})();
`
}
