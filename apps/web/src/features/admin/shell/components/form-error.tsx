/** A form's error, announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  return (
    <p role="alert" className="min-h-5 text-sm text-red-700">
      {message}
    </p>
  );
}
