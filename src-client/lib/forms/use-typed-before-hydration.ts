import type { UseFormReturnType } from '@mantine/form';
import { useLayoutEffect } from 'react';
import type { FormName } from '@shared/forms';

/**
 * What a visitor typed into a server-rendered form before its scripts ran (ADR 033): React keeps it in
 * the DOM when it hydrates, but not in the form's state, and the field's next render writes the state's
 * empty value back (React 19.3 does not replay those keystrokes as change events). So when the form
 * takes over, once, it reads the values its fields hold (found by the stable ids `field()` gives them).
 * Read-only inputs are left alone: a Mantine Select shows its option's label there, not its value.
 */
export function useTypedBeforeHydration<Values>(form: UseFormReturnType<Values>, name: FormName | undefined): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first appears (hydration)
  useLayoutEffect(() => {
    if (!name) return;
    for (const [path, value] of Object.entries(form.getValues() as Record<string, unknown>)) {
      const element = document.getElementById(`${name}-${path}`);
      if (element instanceof HTMLInputElement && element.type === 'checkbox') {
        if (typeof value === 'boolean' && element.checked !== value) form.setFieldValue(path as never, element.checked as never);
      } else if (
        (element instanceof HTMLInputElement && !element.readOnly) ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      ) {
        if (typeof value === 'string' && element.value !== value) form.setFieldValue(path as never, element.value as never);
      }
    }
  }, []);
}
