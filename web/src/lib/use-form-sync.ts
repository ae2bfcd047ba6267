import { useEffect, useEffectEvent } from 'react';

/**
 * Copies the server's `values` into a form when they arrive and each time they change on the server,
 * never on a render that brings the same values again (so what a person types stays until the stored
 * values change). `undefined`: nothing loaded yet, the form keeps what it has. Values are compared by
 * content (JSON), so a new object with the same fields is no change.
 */
export function useFormSync<T>(form: { setValues: (values: T) => void }, values: T | undefined): void {
  const key = values === undefined ? undefined : JSON.stringify(values);
  const copy = useEffectEvent(() => {
    if (values !== undefined) form.setValues(values);
  });
  useEffect(() => {
    if (key !== undefined) copy();
  }, [key]);
}
