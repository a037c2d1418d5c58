import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PENDING_SOS_KEY, deliverSos, flushPendingSos, pendingSos, watchPendingSos, type SendSos } from './sos-queue'

const alert = { latitude: 27.9881, longitude: 86.925, message: 'Twisted my ankle' }
const reached = { _id: 'a1', notified: 1, reached: [{ name: 'Pemba Lama', role: 'guide' }] }
const sentOk: SendSos = async () => ({ ok: true, data: reached })
const noSignal: SendSos = async () => ({ ok: false, status: 0, message: 'Failed to fetch' })
const now = new Date('2026-11-24T05:00:00Z')

beforeEach(() => localStorage.clear())

describe('deliverSos', () => {
  it('sends at once when online and keeps nothing', async () => {
    const send = vi.fn(sentOk)
    expect(await deliverSos(alert, send, { online: true })).toEqual({ kind: 'sent', sent: reached })
    expect(send).toHaveBeenCalledWith(alert)
    expect(pendingSos()).toBeNull()
  })

  it('keeps the alert without trying when the browser is offline', async () => {
    const send = vi.fn(sentOk)
    expect(await deliverSos(alert, send, { online: false, now })).toEqual({ kind: 'queued', queuedAt: now.toISOString() })
    expect(send).not.toHaveBeenCalled()
    expect(pendingSos()).toEqual({ ...alert, queuedAt: now.toISOString() })
  })

  it('keeps the alert when the request never reaches the server or the server fails', async () => {
    expect((await deliverSos(alert, noSignal, { online: true, now })).kind).toBe('queued')
    localStorage.clear()
    const failing: SendSos = async () => ({ ok: false, status: 503, message: 'down' })
    expect((await deliverSos(alert, failing, { online: true, now })).kind).toBe('queued')
  })

  it('does not keep an alert the server refused on purpose', async () => {
    localStorage.setItem(PENDING_SOS_KEY, JSON.stringify({ ...alert, queuedAt: now.toISOString() }))
    const limited: SendSos = async () => ({ ok: false, status: 429, message: 'Too many SOS alerts. Please try again in 9 minutes.' })
    expect(await deliverSos(alert, limited, { online: true })).toEqual({ kind: 'failed', message: 'Too many SOS alerts. Please try again in 9 minutes.' })
    expect(pendingSos()).toBeNull()
  })
})

describe('the kept alert', () => {
  it('is sent on the next load and then forgotten', async () => {
    await deliverSos(alert, sentOk, { online: false, now })
    const send = vi.fn(sentOk)
    expect(await flushPendingSos(send)).toEqual({ kind: 'sent', sent: reached })
    expect(send).toHaveBeenCalledWith(alert)
    expect(pendingSos()).toBeNull()
    expect(await flushPendingSos(send)).toBeNull()
  })

  it('stays kept under its first time while there is still no signal', async () => {
    await deliverSos(alert, sentOk, { online: false, now })
    expect(await flushPendingSos(noSignal)).toEqual({ kind: 'queued', queuedAt: now.toISOString() })
    expect(pendingSos()?.queuedAt).toBe(now.toISOString())
  })

  it('is sent when the browser comes back online, and the result handed over', async () => {
    await deliverSos(alert, sentOk, { online: false, now })
    const target = new EventTarget()
    const outcomes: unknown[] = []
    let signal = false
    const send: SendSos = (a) => (signal ? sentOk(a) : noSignal(a))
    const stop = watchPendingSos((outcome) => outcomes.push(outcome), send, target as unknown as Window)
    await vi.waitFor(() => expect(outcomes).toEqual([{ kind: 'queued', queuedAt: now.toISOString() }]))
    signal = true
    target.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(outcomes).toHaveLength(2))
    expect(outcomes[1]).toEqual({ kind: 'sent', sent: reached })
    expect(pendingSos()).toBeNull()
    stop()
  })

  it('ignores a damaged record', () => {
    localStorage.setItem(PENDING_SOS_KEY, '{"latitude":"north"')
    expect(pendingSos()).toBeNull()
  })
})
