/** The inputs of the calls that set up and test the live service's connection (declared in contract.ts). */
import { z } from 'zod'
import { password, proxyUrl, url, username } from '../schemas'

export const configureServiceInput = z.strictObject({
  baseUrl: url,
  username,
  password,
  proxyUrl: proxyUrl.optional(),
  /** True: the proxy is used without the username and password kept for its address, which are forgotten. */
  forgetProxyCredentials: z.boolean().optional(),
})

export const testConnectionInput = z.strictObject({
  baseUrl: url,
  username,
  /** Omitted: the stored password. */
  password: password.optional(),
  proxyUrl: proxyUrl.optional(),
  /** True: test the proxy without the username and password kept for its address. */
  forgetProxyCredentials: z.boolean().optional(),
})
