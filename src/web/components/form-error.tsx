/** A failure in plain words beside the form (docs/product.md "Look and feel"), announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger py-2 mb-0" role="alert">
      {message}
    </div>
  );
}
