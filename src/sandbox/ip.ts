import { BlockList, isIP } from 'node:net'

/** `::ffff:127.0.0.1` is the IPv4 address 127.0.0.1 reaching a dual-stack socket. */
export function canonicalAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped?.[1] ?? address.toLowerCase()
}

function parseEntry(entry: string): { address: string; prefix: number | null } | null {
  const [raw = '', prefixText, ...rest] = entry.trim().split('/')
  if (rest.length > 0) return null
  const address = canonicalAddress(raw)
  const family = isIP(address)
  if (family === 0) return null
  if (prefixText === undefined) return { address, prefix: null }
  if (!/^\d{1,3}$/.test(prefixText)) return null
  const prefix = Number(prefixText)
  return prefix <= (family === 4 ? 32 : 128) ? { address, prefix } : null
}

/** Whether an allowed_ips entry is an address or a CIDR range this matcher understands. */
export function isAllowedIpEntry(entry: string): boolean {
  return parseEntry(entry) !== null
}

/** An allowed_ips list; null means every address is allowed. */
export class AddressMatcher {
  private readonly list: BlockList | null

  constructor(entries: readonly string[] | null) {
    if (entries === null) {
      this.list = null
      return
    }
    this.list = new BlockList()
    for (const entry of entries) {
      const parsed = parseEntry(entry)
      if (!parsed) throw new Error(`Not an IP address or CIDR range: ${entry}`)
      const type = isIP(parsed.address) === 4 ? 'ipv4' : 'ipv6'
      if (parsed.prefix === null) this.list.addAddress(parsed.address, type)
      else this.list.addSubnet(parsed.address, parsed.prefix, type)
    }
  }

  allows(remoteAddress: string | undefined): boolean {
    if (this.list === null) return true
    if (!remoteAddress) return false
    const address = canonicalAddress(remoteAddress)
    const family = isIP(address)
    if (family === 0) return false
    return this.list.check(address, family === 4 ? 'ipv4' : 'ipv6')
  }
}
