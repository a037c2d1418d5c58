import { translate } from '../i18n/messages'
import type { components } from './api-schema'
import { formatLocalNumber, localDateFormat } from './intl-formats'

/**
 * How a guide answers and keeps their trips, as the server computes it once a day from
 * what happened (see docs/features.md, "Reliability"): rates are null until they rest on
 * three events, which the pages show as "New on Yatra".
 */
export type Reliability = components['schemas']['Reliability']
export type Badge = components['schemas']['Badge']

/** Too little has happened yet to say how the guide answers or cancels. */
export function isNewOnYatra(reliability: Reliability): boolean {
  return reliability.responseRate == null && reliability.cancellationRate == null
}

export function isTrusted(badges: readonly Badge[]): boolean {
  return badges.includes('trusted')
}

/** 'Replies within an hour', 'within 3 hours', 'within 2 days' for a median in minutes. */
export function responseTimeText(minutes: number): string {
  if (minutes < 60) return translate('common.repliesWithinHours', { count: 1 })
  if (minutes < 24 * 60) return translate('common.repliesWithinHours', { count: Math.ceil(minutes / 60) })
  return translate('common.repliesWithinDays', { count: Math.ceil(minutes / (24 * 60)) })
}

/** A share from 0 to 1 as a whole percent ('98%'), or with one decimal under 1 % ('0.5%'). */
export function percentText(rate: number): string {
  const small = rate > 0 && rate < 0.01
  return formatLocalNumber(rate, { style: 'percent', maximumFractionDigits: small ? 1 : 0 })
}

/** 'March 2025' for when the guide joined. */
export function sinceText(since: string): string {
  const date = new Date(since)
  return Number.isNaN(date.getTime()) ? '' : localDateFormat({ month: 'long', year: 'numeric' }).format(date)
}
