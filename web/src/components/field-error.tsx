/** A field's message under it (its `id` is what the field's `aria-describedby` names); nothing when there is none. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  )
}
