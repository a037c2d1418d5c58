import { EMERGENCY_CONTACTS, telHref, type EmergencyContact } from '../lib/emergency-contacts'
import { useT } from '../i18n/messages'
import { PhoneIcon } from './shell-icons'

/** Nepal's emergency numbers as tap-to-call links: the SOS panel's list, and the offline pack's. */
export function EmergencyNumbers({ numbers = EMERGENCY_CONTACTS, className = '' }: { numbers?: readonly EmergencyContact[]; className?: string }) {
  const t = useT()
  return (
    <ul className={`divide-y divide-slate-100 ${className}`}>
      {numbers.map((contact) => (
        <li key={contact.name}>
          <a href={telHref(contact.number)} className="flex items-center justify-between gap-3 rounded-lg px-2 py-3 hover:bg-red-50">
            <span className="font-medium text-slate-800">{t(contact.name)}</span>
            <span className="flex items-center gap-2 font-semibold text-red-700 tabular-nums">
              <PhoneIcon /> {contact.number}
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}
