import { forwardRef, useId, type ChangeEvent, type ReactNode } from 'react';
import { directionOf, t, type Locale } from '../../i18n';
import type { FieldMessage } from '../../machines/form';
import * as s from './form.css';
import * as a from './account.css';

/** What every control of a form is given: an id to label it, the ids describing it, and whether it is invalid. */
export interface ControlProps {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

export interface FormFieldProps {
  /** The visible label, the control's accessible name. */
  label: string;
  /** The field's messages as the machine shows them now (client checks and the server's). */
  messages?: FieldMessage[];
  /** A line under the label that says what the field takes. */
  hint?: string;
  /** Ids of further descriptions (a server failure about this field, a password rule). */
  describedBy?: (string | false | null | undefined)[];
  /** The server blamed this field without a message of its own. */
  serverInvalid?: boolean;
  /** Renders the control with the field's id and ARIA wiring. */
  control: (props: ControlProps) => ReactNode;
  /** Shown between the control and the messages (the password rule). */
  children?: ReactNode;
}

/**
 * One labelled field of any form: the label names the control, the hint and messages describe it, aria-invalid marks
 * it. Every form of the product (account pages and management screens) is made of these.
 */
export function FormField({ label, messages, hint, describedBy = [], serverInvalid, control, children }: FormFieldProps) {
  const id = useId();
  const hintId = useId();
  const errorsId = useId();
  const invalid = Boolean(messages?.length) || Boolean(serverInvalid);
  const described = [hint ? hintId : null, ...describedBy, messages?.length ? errorsId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span id={hintId} className={a.hint}>
          {hint}
        </span>
      )}
      {control({ id, describedBy: described, invalid })}
      {children}
      <FieldMessages id={errorsId} messages={messages} />
    </div>
  );
}

export function FieldMessages({ id, messages }: { id: string; messages?: FieldMessage[] }) {
  if (!messages?.length) return null;
  return (
    <ul id={id} className={a.fieldErrors}>
      {messages.map((m) => (
        <li key={m.key}>{t(m.key, m.params)}</li>
      ))}
    </ul>
  );
}

const inputClass = (invalid: boolean, large?: boolean) => [s.input, large ? s.inputLarge : '', invalid ? a.invalidInput : ''].join(' ');

export interface InputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Blur: forms that check on blur send it to their machine. */
  onBlur?(): void;
  messages?: FieldMessage[];
  hint?: string;
  type?: 'text' | 'email' | 'password' | 'number' | 'color' | 'search' | 'datetime-local' | 'month';
  /** The taller control of the public pages. */
  large?: boolean;
  /** Read only (an account's email): shown, selectable, not editable. */
  readOnly?: boolean;
  /** Announced as required; the form's machine or view still checks it. */
  required?: boolean;
  /** Focus on arrival (the one field of the MFA page). */
  autoFocus?: boolean;
  autoComplete?: string;
  maxLength?: number;
  disabled?: boolean;
  describedBy?: (string | false | null | undefined)[];
  serverInvalid?: boolean;
  /** Decimal numbers: the keyboard of a phone shows digits and a point. */
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** The language of what is typed, when it is not the page's (a template in Arabic): it runs that language's way. */
  lang?: Locale;
  children?: ReactNode;
}

/** What a typed value's control (an input, a textarea) takes from its field: its id and wiring, value, language, events. */
function typedControl(p: ControlProps, f: { value: string; maxLength?: number; disabled?: boolean; lang?: Locale; onChange(value: string): void; onBlur?(): void }) {
  return {
    id: p.id,
    value: f.value,
    maxLength: f.maxLength,
    disabled: f.disabled,
    lang: f.lang,
    dir: f.lang ? directionOf(f.lang) : undefined,
    'aria-invalid': p.invalid,
    'aria-describedby': p.describedBy,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => f.onChange(e.target.value),
    onBlur: f.onBlur,
  };
}

/** A labelled text input (text, email, password, number-as-text, colour). */
export function InputField({ label, value, onChange, onBlur, messages, hint, type = 'text', autoComplete = 'off', maxLength, disabled, describedBy, serverInvalid, inputMode, large, readOnly, required, autoFocus, lang, children }: InputProps) {
  return (
    <FormField
      label={label}
      messages={messages}
      hint={hint}
      describedBy={describedBy}
      serverInvalid={serverInvalid}
      control={(p) => (
        <input
          className={type === 'color' ? a.colourInput : inputClass(p.invalid, large)}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          readOnly={readOnly}
          required={required}
          autoFocus={autoFocus}
          {...typedControl(p, { value, maxLength, disabled, lang, onChange, onBlur })}
        />
      )}
    >
      {children}
    </FormField>
  );
}

/** A labelled multi-line text (a comment, a template's body); the ref lets a page's key move focus into it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, { label: string; value: string; onChange(value: string): void; onBlur?(): void; messages?: FieldMessage[]; hint?: string; rows?: number; maxLength?: number; disabled?: boolean; lang?: Locale }>(
  function TextAreaField({ label, value, onChange, onBlur, messages, hint, rows = 3, maxLength, disabled, lang }, ref) {
    return (
      <FormField
        label={label}
        messages={messages}
        hint={hint}
        control={(p) => (
          <textarea ref={ref} className={inputClass(p.invalid)} rows={rows} {...typedControl(p, { value, maxLength, disabled, lang, onChange, onBlur })} />
        )}
      />
    );
  },
);

export interface SelectOption {
  value: string;
  label: string;
  /** The option's language, when it names a language in itself. */
  lang?: string;
  /** A fuller accessible name where the visible label leans on its group ("Fridge 1" under "Temperature"); it starts with the label. */
  name?: string;
}

/** A labelled native select; an empty first option when `placeholder` is given. */
export function SelectField({ label, value, options, onChange, onBlur, messages, hint, placeholder, disabled }: {
  label: string;
  value: string;
  options: SelectOption[];
  onChange(value: string): void;
  onBlur(): void;
  messages?: FieldMessage[];
  hint?: string;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <FormField
      label={label}
      messages={messages}
      hint={hint}
      control={(p) => (
        <select
          id={p.id}
          className={inputClass(p.invalid)}
          value={value}
          disabled={disabled}
          aria-invalid={p.invalid}
          aria-describedby={p.describedBy}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} lang={o.lang}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A labelled group of checkboxes for a list of ids (a node's tags); the group's legend names it. */
export function CheckboxGroupField({ label, value, options, onChange, messages, hint }: {
  label: string;
  value: string[];
  options: SelectOption[];
  onChange(value: string[]): void;
  messages?: FieldMessage[];
  hint?: string;
}) {
  const errorsId = useId();
  const hintId = useId();
  return (
    <fieldset className={a.group} aria-describedby={[hint ? hintId : '', messages?.length ? errorsId : ''].filter(Boolean).join(' ') || undefined}>
      <legend className={s.label}>{label}</legend>
      {hint && (
        <span id={hintId} className={a.hint}>
          {hint}
        </span>
      )}
      <div className={a.groupOptions}>
        {options.map((o) => (
          <label key={o.value} className={a.checkboxRow}>
            <input
              type="checkbox"
              className={a.checkbox}
              aria-label={o.name}
              checked={value.includes(o.value)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
            />
            <span dir="auto">{o.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages id={errorsId} messages={messages} />
    </fieldset>
  );
}

/** A labelled checkbox (the label beside it, as a checkbox's label reads). */
export function CheckboxField({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange(checked: boolean): void; hint?: string }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={a.checkboxField}>
      <div className={a.checkboxRow}>
        <input id={id} type="checkbox" className={a.checkbox} checked={checked} aria-describedby={hint ? hintId : undefined} onChange={(e) => onChange(e.target.checked)} />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint && (
        <span id={hintId} className={a.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** A button in a row of labelled fields (a range's Apply): it lines up with the fields' controls, not their labels. */
export function FieldAction({ children }: { children: ReactNode }) {
  return <div className={s.fieldAction}>{children}</div>;
}

/** Every zone the browser knows, read once. */
let zones: string[] | null = null;
const timeZones = () => (zones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC']);

/**
 * A time-zone picker (a company's, a site's): every zone the browser knows, and the current value even when the browser
 * does not list it (an alias such as "UTC" a row may keep), so opening a form never changes what is saved.
 */
export function TimeZoneField({ label, value, ...binding }: { label: string; value: string; messages?: FieldMessage[]; onChange(value: string): void; onBlur(): void }) {
  const options = (value && !timeZones().includes(value) ? [value, ...timeZones()] : timeZones()).map((z) => ({ value: z, label: z }));
  return <SelectField label={label} value={value} options={options} {...binding} />;
}
