import { useId, useRef, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { availableLocales, t, type Locale } from '../../i18n';
import { profileMachine, type PasswordField } from '../../machines/profile.machine';
import { FieldMessages, NewPasswordFields, TextField, focusFirstInvalid } from '../ui/form-parts';
import * as s from '../shared.css';
import * as a from '../ui/account.css';
import * as p from './profile.css';

type ProfileActor = ReturnType<typeof useActorRef<typeof profileMachine>>;

/** My Profile: the page content only; the signed-in frame provides the landmark and navigation. */
export function ProfileView() {
  const { session, preferences, notices } = useActors();
  const shadowing = useSelector(session, (st) => st.context.session?.isShadow ?? false);
  const actor = useActorRef(profileMachine, { input: { session, preferences, notices, shadowing } });
  const readOnly = useSelector(actor, (st) => st.context.readOnly);
  const titleId = useId();
  return (
    <section className={p.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={s.title}>
        {t('profile.title')}
      </h1>
      {readOnly && (
        <p role="note" className={s.errorText}>
          {t('profile.readOnly')}
        </p>
      )}
      <DetailsForm actor={actor} />
      <PasswordForm actor={actor} />
    </section>
  );
}

function DetailsForm({ actor }: { actor: ProfileActor }) {
  const loading = useSelector(actor, (st) => st.matches({ details: 'loading' }));
  const loadFailure = useSelector(actor, (st) => (st.matches({ details: 'loadFailed' }) ? st.context.loadFailure : null));
  const saving = useSelector(actor, (st) => st.matches({ details: 'saving' }));
  const saved = useSelector(actor, (st) => st.matches({ details: { editing: 'saved' } }));
  const email = useSelector(actor, (st) => st.context.profile?.email ?? '');
  const values = useSelector(actor, (st) => st.context.details.values);
  const errors = useSelector(actor, (st) => st.context.details.errors);
  const failure = useSelector(actor, (st) => (st.matches({ details: { editing: 'failed' } }) ? st.context.details.failure : null));
  const readOnly = useSelector(actor, (st) => st.context.readOnly);
  const ids = { title: useId(), email: useId(), emailHint: useId(), language: useId(), languageErrors: useId(), failure: useId() };
  const formRef = useRef<HTMLFormElement>(null);

  if (loading || loadFailure) {
    return (
      <section className={p.card} aria-labelledby={ids.title}>
        <h2 id={ids.title} className={p.cardTitle}>
          {t('profile.details')}
        </h2>
        {loading ? (
          <p role="status">{t('profile.loading')}</p>
        ) : (
          <>
            <p role="alert" className={s.errorText}>
              {t('profile.loadFailed', { message: loadFailure?.message ?? '' })}
            </p>
            <button type="button" className={s.secondaryButton} onClick={() => actor.send({ type: 'profile.retry' })}>
              {t('profile.retry')}
            </button>
          </>
        )}
      </section>
    );
  }

  // A language without a dictionary yet is still shown when the account has it, so the select never lies.
  const locales = availableLocales().includes(values.locale) ? availableLocales() : [...availableLocales(), values.locale];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'profile.save' });
    focusFirstInvalid(formRef.current);
  };

  return (
    <section className={p.card} aria-labelledby={ids.title}>
      <h2 id={ids.title} className={p.cardTitle}>
        {t('profile.details')}
      </h2>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={saving}>
        {/* Not role=alert: a failed signed-in call is already announced by the global notice (SPEC §8). */}
        {failure && (
          <p id={ids.failure} className={s.errorText}>
            {failure.message}
          </p>
        )}
        {saved && (
          <p role="status" className={s.infoText}>
            {t('account.profile.saved')}
          </p>
        )}
        <TextField
          label={t('profile.name')}
          autoComplete="name"
          value={values.name}
          messages={errors.name}
          describedBy={[failure?.field === 'name' && ids.failure]}
          serverInvalid={failure?.field === 'name'}
          maxLength={200}
          disabled={readOnly}
          onChange={(value) => actor.send({ type: 'profile.change', field: 'name', value })}
          onBlur={() => actor.send({ type: 'profile.blur', field: 'name' })}
        />
        <div className={s.field}>
          <label className={s.label} htmlFor={ids.email}>
            {t('profile.email')}
          </label>
          <input id={ids.email} className={`${s.input} ${p.readOnlyValue}`} type="email" value={email} readOnly aria-describedby={ids.emailHint} />
          <p id={ids.emailHint} className={a.hint}>
            {t('profile.emailHint')}
          </p>
        </div>
        <div className={s.field}>
          <label className={s.label} htmlFor={ids.language}>
            {t('profile.language')}
          </label>
          <select
            id={ids.language}
            className={p.select}
            value={values.locale}
            disabled={readOnly}
            aria-invalid={Boolean(errors.locale?.length)}
            aria-describedby={errors.locale?.length ? ids.languageErrors : undefined}
            onChange={(e) => actor.send({ type: 'profile.change', field: 'locale', value: e.target.value as Locale })}
            onBlur={() => actor.send({ type: 'profile.blur', field: 'locale' })}
          >
            {locales.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`language.${l}`)}
              </option>
            ))}
          </select>
          <FieldMessages id={ids.languageErrors} messages={errors.locale} />
        </div>
        <div className={p.actions}>
          <button type="submit" className={`${s.primaryButton} ${p.button}`} disabled={saving || readOnly}>
            {t('profile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

function PasswordForm({ actor }: { actor: ProfileActor }) {
  const busy = useSelector(actor, (st) => st.matches({ password: 'submitting' }));
  const changed = useSelector(actor, (st) => st.matches({ password: { editing: 'changed' } }));
  const values = useSelector(actor, (st) => st.context.password.values);
  const errors = useSelector(actor, (st) => st.context.password.errors);
  const failure = useSelector(actor, (st) => (st.matches({ password: { editing: 'failed' } }) ? st.context.password.failure : null));
  const unmet = useSelector(actor, (st) => st.context.unmet);
  const readOnly = useSelector(actor, (st) => st.context.readOnly);
  const ids = { title: useId(), rule: useId(), failure: useId() };
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: PasswordField) => (value: string) => actor.send({ type: 'changePassword.change', field, value });
  const blur = (field: PasswordField) => () => actor.send({ type: 'changePassword.blur', field });
  const blamed = (field: PasswordField) => (failure?.field === field ? ids.failure : null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'changePassword.submit' });
    focusFirstInvalid(formRef.current);
  };

  return (
    <section className={p.card} aria-labelledby={ids.title}>
      <h2 id={ids.title} className={p.cardTitle}>
        {t('profile.password.title')}
      </h2>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {failure && (
          <p id={ids.failure} className={s.errorText}>
            {failure.message}
          </p>
        )}
        {changed && (
          <p role="status" className={s.infoText}>
            {t('profile.password.changed')}
          </p>
        )}
        <TextField
          label={t('profile.password.current')}
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          messages={errors.currentPassword}
          describedBy={[blamed('currentPassword')]}
          serverInvalid={failure?.field === 'currentPassword'}
          maxLength={128}
          disabled={readOnly}
          onChange={change('currentPassword')}
          onBlur={blur('currentPassword')}
        />
        <NewPasswordFields
          labels={{ password: t('profile.password.new'), confirm: t('profile.password.confirm') }}
          values={values}
          errors={errors}
          ruleId={ids.rule}
          unmet={unmet}
          blamed={blamed}
          failureField={failure?.field}
          disabled={readOnly}
          onChange={change}
          onBlur={blur}
        />
        <div className={p.actions}>
          <button type="submit" className={`${s.primaryButton} ${p.button}`} disabled={busy || readOnly}>
            {t('profile.password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
