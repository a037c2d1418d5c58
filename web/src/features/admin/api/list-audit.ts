import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import type { Page } from '../../../lib/use-paged-list'
import { msg, translate } from '../../../i18n/messages'

export type AuditEntry = components['schemas']['AuditEntry']
export const AUDIT_LOAD_FAILED = msg('admin.auditLoadFailed')

/** GET /api/v1/admin/audit: every admin action, newest first. */
export async function listAudit(page: number): Promise<ApiResult<Page<AuditEntry>>> {
  const result = await settle(authApi.GET('/api/v1/admin/audit', { params: { query: { page, limit: 20 } } }), translate(AUDIT_LOAD_FAILED))
  if (!result.ok) return result
  return { ok: true, data: { items: result.data.data.entries, totalPages: result.data.data.totalPages } }
}
