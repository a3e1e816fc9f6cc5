/**
 * Whether the administrator's commands may use a connection URL. They follow the desk's rule (tlsDecision in
 * src/main/head-office/connection.ts): a server that is not on this machine's loopback (127.0.0.0/8, ::1,
 * localhost) nor reached by a Unix socket is reached only over TLS that verifies its certificate and its name.
 * pg's default is no TLS at all, which would send the administrator's password and every statement in clear
 * text. For a URL the desk's rule is `sslmode=verify-full`: `require`, `prefer` and `verify-ca` do not check the
 * server's name as libpq means them (and pg takes libpq's meaning from its next major version on).
 */
import { parse } from 'pg-connection-string'
import { isLoopbackHost } from '../main/head-office/connection'

/** The example the messages and docs/head-office.md give. */
const EXAMPLE =
  'postgres://headoffice_admin:…@db.example.ly:5432/reseller_chain?sslmode=verify-full&sslrootcert=ca.crt'

/**
 * Why the commands will not connect with this URL, or null when they may. `host` is where pg would connect
 * (the client's own reading of the URL: its host, a `host=` parameter, PGHOST, or localhost); the TLS mode is
 * the URL's sslmode, or PGSSLMODE when the URL says nothing of TLS (as pg reads them).
 */
export function adminUrlRefusal(
  url: string,
  host: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (host.startsWith('/') || isLoopbackHost(host)) return null
  const config = parse(url)
  const mode =
    typeof config.sslmode === 'string' ? config.sslmode : config.ssl === undefined ? env.PGSSLMODE : undefined
  if (mode === 'verify-full') return null
  const why =
    mode !== undefined
      ? `sslmode=${mode} does not make sure the connection is encrypted and the server is the one named (its certificate and its name checked)`
      : config.ssl === undefined
        ? 'the URL has no sslmode, so pg would connect without TLS: the password and every statement in clear text'
        : 'the URL does not ask for sslmode=verify-full'
  return [
    `The head office database at ${host} is not on this machine, and ${why}.`,
    'Connect as the desks do: add sslmode=verify-full to the URL, with sslrootcert= the CA certificate that signed the',
    "server's certificate (without it the system's authorities are trusted), e.g.",
    `  ${EXAMPLE}`,
    'On the server itself, localhost or its Unix socket needs no sslmode.',
  ].join('\n')
}
