import { type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { FieldErrors } from '../../machines/form';
import type { AnyListActor, FormBinding } from './types';

/**
 * The machine's form region as a screen's fields use it, in a dialog or inline: the binding handed to the fields, the
 * failure to show above them, whether it is saving, and the submit handler. `bind` is null while no form is open.
 */
export function useFormBinding<Item extends { id: string }, V extends object>(actor: AnyListActor<Item, V>) {
  const values = useSelector(actor, (st) => st.context.form?.values);
  const shown = useSelector(actor, (st) => st.context.form?.errors);
  const serverErrors = useSelector(actor, (st) => st.context.serverErrors);
  const editing = useSelector(actor, (st) => st.context.editing);
  const failure = useSelector(actor, (st) => st.context.formFailure);
  const saving = useSelector(actor, (st) => st.matches({ form: 'saving' }));
  const lookups = useSelector(actor, (st) => st.context.lookups);
  type F = keyof V & string;
  const errors = { ...shown, ...serverErrors } as FieldErrors<F>;
  const bind: FormBinding<V> | null = values
    ? {
        values,
        errors,
        editing: editing !== null,
        choices: (name) => lookups[name] ?? [],
        change: (field, value) => actor.send({ type: 'form.change', field, value }),
        blur: (field) => actor.send({ type: 'form.blur', field }),
        text: (field) => ({
          value: String(values[field as keyof V] ?? ''),
          messages: errors[field],
          onChange: (v: string) => actor.send({ type: 'form.change', field, value: v }),
          onBlur: () => actor.send({ type: 'form.blur', field }),
        }),
      }
    : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
    // A refused submit marks its fields; the first of them takes focus once they render.
    requestAnimationFrame(() => (e.target as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  return { bind, editing: editing as Item | null, failure, saving, submit };
}
