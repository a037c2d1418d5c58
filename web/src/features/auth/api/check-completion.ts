import { authApi } from '../../../lib/api-client'
import type { components, paths } from '../../../lib/api-schema'

export type CompletionResponse = components['schemas']['CompletionResponse']
type Role = paths['/api/v1/protect/completion/{role}']['get']['parameters']['path']['role']

/**
 * GET /api/v1/protect/completion/{role}. Resolves the parsed body of any answer (or
 * undefined when there is none); deciding what it means is postLoginPath's job.
 */
export async function checkCompletion(role: string): Promise<unknown> {
  try {
    const { data, error } = await authApi.GET('/api/v1/protect/completion/{role}', {
      params: { path: { role: role as Role } },
    })
    return data ?? error
  } catch (err) {
    console.error('Profile completion check failed', err)
    return undefined
  }
}
