/**
 * The address of an ESC/POS network printer: `tcp://host:port`. Shared so the contract can refuse a bad
 * address before it is saved and main reads it the same way when it connects.
 */
export const DEFAULT_PRINTER_PORT = 9100

export interface PrinterAddress {
  host: string
  port: number
}

/** `tcp://host:port`, `host:port`, `host`, or `tcp://[::1]:9100`; the port defaults to 9100. Null when it is none of these. */
export function parsePrinterAddress(address: string): PrinterAddress | null {
  const m = /^(?:tcp:\/\/)?(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]+))(?::(\d{1,5}))?\/?$/.exec(address.trim())
  const host = m?.[1] ?? m?.[2]
  const port = m?.[3] === undefined ? DEFAULT_PRINTER_PORT : Number(m[3])
  if (!host || port < 1 || port > 65535) return null
  // Digits and dots are an IPv4 address, never a name (no top-level domain is all digits): 192.168.1.300
  // is a typo to be told at the field, not a host for the connection to fail to find; and 192.168.001.050
  // would be read by the system's resolver as octal (192.168.1.40), sending receipts, codes and all, to
  // another device.
  if (/^[\d.]+$/.test(host) && !isIpv4(host)) return null
  return { host, port }
}

function isIpv4(host: string): boolean {
  const parts = host.split('.')
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)
}

/** The form settings keep: `tcp://192.168.1.50:9100`, `tcp://[fe80::1]:9100`. */
export function formatPrinterAddress({ host, port }: PrinterAddress): string {
  return `tcp://${host.includes(':') ? `[${host}]` : host}:${port}`
}
