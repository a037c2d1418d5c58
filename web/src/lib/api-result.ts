import { getErrorMessage } from './api-errors'

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string }

export type FetchAnswer<T> = { data?: T; error?: unknown; response: Response }

/**
 * Turns a typed-client answer (or a thrown network error) into ok/not-ok with the message
 * to show: the server's own message when it sent one, else the screen's fallback.
 */
export async function settle<T>(call: Promise<FetchAnswer<T>>, fallback: string): Promise<ApiResult<T>> {
  try {
    const { data, error, response } = await call
    if (response.ok && data !== undefined) return { ok: true, data }
    return { ok: false, status: response.status, message: getErrorMessage(error, fallback) }
  } catch (err) {
    return { ok: false, status: 0, message: getErrorMessage(err, fallback) }
  }
}

/**
 * The body of a multipart upload. The generated types describe file fields as strings,
 * which no File is; at run time the typed client passes FormData through untouched and
 * the browser sets the multipart boundary. Typed `never` so it fits any upload's body.
 */
export function multipart(form: FormData): never {
  return form as never
}

/** A FormData holding one file under `field`: the body of every image upload. */
export function fileForm(field: string, file: File): never {
  const form = new FormData()
  form.append(field, file)
  return multipart(form)
}
