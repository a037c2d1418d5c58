import { msg } from '../i18n/messages'
import { authApi } from './api-client'
import { settle, type ApiResult } from './api-result'
import type { components } from './api-schema'

export type ReportTarget = components['schemas']['ReportTarget']
export const REPORT_FAILED = msg('common.reportFailed')
export const REPORT_REASON_MAX = 500

/** POST /api/v1/reports: flag a public post, review or guide for the admins. */
export function reportContent(targetType: ReportTarget, targetId: string, reason: string): Promise<ApiResult<components['schemas']['ReportResponse']>> {
  return settle(authApi.POST('/api/v1/reports', { body: { targetType, targetId, reason } }), REPORT_FAILED)
}
