import { useCallback, type ReactNode } from 'react';
import { t } from '../../i18n';
import { PASSWORD_RULE, type FieldMessage, type PasswordPart } from '../../machines/form';
import { InputField } from './form-field';
import * as au from './auth.css';
import { visuallyHidden } from './a11y.css';
import * as a from './account.css';

/** A heading that takes focus when it appears, so a page that swaps its content announces the new state. */
export function FocusHeading({ children }: { children: ReactNode }) {
  const focus = useCallback((el: HTMLHeadingElement | null) => el?.focus(), []);
  return (
    <h1 ref={focus} tabIndex={-1} className={au.title}>
      {children}
    </h1>
  );
}

/** Moves focus to the first field a refused submit marked invalid, once React has rendered the messages. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** The live checklist of the password rule; parts turn to done as the password meets them. */
export function PasswordRule({ id, unmet }: { /** Referenced by the field's aria-describedby. */ id: string; /** Parts not met yet. */ unmet: PasswordPart[] }) {
  return (
    <div id={id} className={a.rule}>
      <span>{t('account.password.rule.title')}:</span>
      <ul className={a.ruleList}>
        {PASSWORD_RULE.map((part) => {
          const met = !unmet.includes(part.part!);
          return (
            <li key={part.part} className={a.ruleItem[met ? 'met' : 'unmet']}>
              <span className={a.ruleMark} aria-hidden="true">
                {met ? '✓' : '•'}
              </span>
              <span>{t(part.key, part.params)}</span>
              <span className={visuallyHidden}>({t(met ? 'account.password.rule.met' : 'account.password.rule.unmet')})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export interface TextFieldProps {
  /** The visible label. */
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  value: string;
  /** The field's messages as the machine shows them now. */
  messages?: FieldMessage[];
  /** Ids of further descriptions: a hint, the password rule, a server failure about this field. */
  describedBy?: (string | false | null | undefined)[];
  /** The server blamed this field (its failure alert is among describedBy). */
  serverInvalid?: boolean;
  maxLength?: number;
  disabled?: boolean;
  onChange(value: string): void;
  onBlur?(): void;
  /** Rendered between the input and its messages (the password rule). */
  children?: ReactNode;
}

/** An account page's text field: the shared form field with the account pages' autocomplete hints. */
export function TextField(props: TextFieldProps & { /** The taller control of the public pages. */ large?: boolean }) {
  return <InputField {...props} />;
}

export { FieldMessages } from './form-field';

/** What one field of an account form is handed: its value, its messages, the server's blame, its events. */
export type AccountField = Pick<TextFieldProps, 'value' | 'messages' | 'describedBy' | 'serverInvalid' | 'onChange' | 'onBlur'>;

/**
 * Binds an account form's text fields to its machine (sign-up, forgot and reset password, My Profile): each field is
 * then `{...field('email')}` instead of six props written out. A field the server's failure names is marked invalid
 * and described by the failure's alert (`failureId`), after any descriptions of its own (the password rule).
 */
export function accountFields<F extends string>({ values, errors, failure, failureId, change, blur }: {
  values: Partial<Record<F, unknown>>;
  errors: Partial<Record<F, FieldMessage[]>>;
  failure: { field?: string | null } | null | undefined;
  failureId: string;
  change: (field: F, value: string) => void;
  blur: (field: F) => void;
}): (field: F, ...described: (string | null | undefined)[]) => AccountField {
  return (field, ...described) => ({
    value: String(values[field] ?? ''),
    messages: errors[field],
    describedBy: [...described, failure?.field === field ? failureId : null],
    serverInvalid: failure?.field === field,
    onChange: (value) => change(field, value),
    onBlur: () => blur(field),
  });
}

/** A new password with the rule beside it, then its confirmation: sign-up, reset and My Profile ask the same way. */
export function NewPasswordFields({ labels, field, ruleId, unmet, disabled }: {
  labels: { password: string; confirm: string };
  field: (name: 'password' | 'confirmPassword', ...described: string[]) => AccountField;
  /** Id for the rule list, referenced by the password's aria-describedby. */
  ruleId: string;
  unmet: PasswordPart[];
  disabled?: boolean;
}) {
  return (
    <>
      <TextField label={labels.password} type="password" autoComplete="new-password" maxLength={128} disabled={disabled} {...field('password', ruleId)}>
        <PasswordRule id={ruleId} unmet={unmet} />
      </TextField>
      <TextField label={labels.confirm} type="password" autoComplete="new-password" maxLength={128} disabled={disabled} {...field('confirmPassword')} />
    </>
  );
}
