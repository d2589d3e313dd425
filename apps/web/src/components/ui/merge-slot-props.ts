/**
 * Adds props to a MUI slotProps entry without dropping what the caller passed: the entry may be
 * an object or, in MUI 9, a function of the owner state. `extra` wins on conflicts.
 */
export function mergeSlotProps<S, E extends object>(slot: S, extra: E): S {
  if (typeof slot === 'function') {
    return ((ownerState: unknown) => ({ ...(slot as (o: unknown) => object)(ownerState), ...extra })) as S;
  }
  return { ...(slot as object | undefined), ...extra } as unknown as S;
}
