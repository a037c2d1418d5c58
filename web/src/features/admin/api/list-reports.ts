import { authApi } from '../../../lib/api-client'
import { settle, type ApiResult } from '../../../lib/api-result'
import type { components } from '../../../lib/api-schema'
import type { Page } from '../../../lib/use-paged-list'
import { msg, translate } from '../../../i18n/messages'

export type OpenReport = components['schemas']['ReportItem']
export const REPORTS_LOAD_FAILED = msg('admin.reportsLoadFailed')

/** GET /api/v1/admin/reports: open reports, oldest first. */
export async function listReports(page: number): Promise<ApiResult<Page<OpenReport>>> {
  const result = await settle(authApi.GET('/api/v1/admin/reports', { params: { query: { page, limit: 20 } } }), translate(REPORTS_LOAD_FAILED))
  if (!result.ok) return result
  return { ok: true, data: { items: result.data.data.reports, totalPages: result.data.data.totalPages } }
}
