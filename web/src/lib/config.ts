// Base URL of the Yatra API, fixed at build time. Empty means "same origin as the page".
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '')
