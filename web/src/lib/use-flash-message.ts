import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'

/** What a page that saved something leaves in history for the list it returns to. */
export type FlashState = { message?: string }

/** The flash message a save left for this page, shown once and then cleared from history. */
export function useFlashMessage(show: (text: string) => void) {
  const location = useLocation()
  const navigate = useNavigate()
  const message = (location.state as FlashState | null)?.message
  useEffect(() => {
    if (!message) return
    show(message)
    navigate(location.pathname, { replace: true, state: null })
  }, [message, show, navigate, location.pathname])
}
