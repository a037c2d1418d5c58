import { setPageDataForTest, takePageData } from './page-data'

const url = '/api/v1/users/guide/abc'
const body = JSON.stringify({ data: { firstName: 'Dawa' } })

function get(path: string, init?: RequestInit) {
  return new Request(new URL(path, window.location.origin), init)
}

describe('takePageData', () => {
  afterEach(() => setPageDataForTest(null))

  it('answers the first anonymous GET of the inlined URL once, then leaves requests to the server', async () => {
    setPageDataForTest({ url, body })

    const first = takePageData(get(url))

    expect(first?.status).toBe(200)
    expect(await first?.json()).toEqual({ data: { firstName: 'Dawa' } })
    expect(takePageData(get(url))).toBeNull()
  })

  it('does not answer another URL, another method or a request with a token', () => {
    setPageDataForTest({ url, body })

    expect(takePageData(get('/api/v1/users/guide/abd'))).toBeNull()
    expect(takePageData(get(`${url}?page=2`))).toBeNull()
    expect(takePageData(get(url, { method: 'POST', body: '{}' }))).toBeNull()
    expect(takePageData(get(url, { headers: { Authorization: 'Bearer t' } }))).toBeNull()
    // Still there for the request it was meant for.
    expect(takePageData(get(url))).not.toBeNull()
  })

  it('answers nothing when the page carries no data', () => {
    expect(takePageData(get(url))).toBeNull()
  })
})
