import { useId, useRef, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { availableLocales, LANGUAGE_NAMES, t, type Locale } from '../../i18n';
import { profileMachine, type PasswordField } from '../../machines/profile.machine';
import { NewPasswordFields, TextField, accountFields, focusFirstInvalid } from '../ui/form-parts';
import { InputField, SelectField } from '../ui/form-field';
import { Card, Cluster, Page } from '../ui/layout';
import { Button } from '../ui/button';
import { Callout } from '../ui/callout';
import { ErrorState, LoadingState } from '../ui/states';

type ProfileActor = ReturnType<typeof useActorRef<typeof profileMachine>>;

/** My Profile: the page content only; the signed-in frame provides the landmark and navigation. */
export function ProfileView() {
  const { session, preferences, notices } = useActors();
  const shadowing = useSelector(session, (st) => st.context.session?.isShadow ?? false);
  const actor = useActorRef(profileMachine, { input: { session, preferences, notices, shadowing } });
  const readOnly = useSelector(actor, (st) => st.context.readOnly);
  return (
    <Page title={t('profile.title')} width="narrow">
      {readOnly && (
        <Callout role="note" tone="warning">
          {t('profile.readOnly')}
        </Callout>
      )}
      <DetailsForm actor={actor} />
      <PasswordForm actor={actor} />
    </Page>
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
  const ids = { failure: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  const detail = accountFields<'name'>({
    values,
    errors,
    failure,
    failureId: ids.failure,
    change: (f, value) => actor.send({ type: 'profile.change', field: f, value }),
    blur: (f) => actor.send({ type: 'profile.blur', field: f }),
  });

  if (loading || loadFailure) {
    return (
      <Card title={t('profile.details')} padding="lg">
        {loading ? (
          <LoadingState variant="skeleton" lines={3} label={t('profile.loading')} />
        ) : (
          <ErrorState
            compact
            message={t('profile.loadFailed', { message: loadFailure ? t(loadFailure.key, loadFailure.params) : '' })}
            action={
              <Button variant="secondary" onClick={() => actor.send({ type: 'profile.retry' })}>
                {t('profile.retry')}
              </Button>
            }
          />
        )}
      </Card>
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
    <Card title={t('profile.details')} padding="lg">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={saving}>
        {/* Not role=alert: a failed signed-in call is already announced by the global notice (docs/decisions.md: one notice per failed call). */}
        {failure && (
          <Callout id={ids.failure} tone="error">
            {t(failure.key, failure.params)}
          </Callout>
        )}
        {saved && (
          <Callout role="status" tone="success">
            {t('account.profile.saved')}
          </Callout>
        )}
        <TextField label={t('profile.name')} autoComplete="name" maxLength={200} disabled={readOnly} {...detail('name')} />
        <InputField label={t('profile.email')} type="email" value={email} readOnly hint={t('profile.emailHint')} onChange={() => undefined} />
        <SelectField
          label={t('profile.language')}
          value={values.locale}
          disabled={readOnly}
          messages={errors.locale}
          options={locales.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: l }))}
          onChange={(value) => actor.send({ type: 'profile.change', field: 'locale', value: value as Locale })}
          onBlur={() => actor.send({ type: 'profile.blur', field: 'locale' })}
        />
        <Cluster>
          <Button type="submit" variant="primary" disabled={readOnly} busy={saving}>
            {t('profile.save')}
          </Button>
        </Cluster>
      </form>
    </Card>
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
  const ids = { rule: useId(), failure: useId() };
  const formRef = useRef<HTMLFormElement>(null);

  const field = accountFields<PasswordField>({
    values,
    errors,
    failure,
    failureId: ids.failure,
    change: (f, value) => actor.send({ type: 'changePassword.change', field: f, value }),
    blur: (f) => actor.send({ type: 'changePassword.blur', field: f }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'changePassword.submit' });
    focusFirstInvalid(formRef.current);
  };

  return (
    <Card title={t('profile.password.title')} padding="lg">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {failure && (
          <Callout id={ids.failure} tone="error">
            {t(failure.key, failure.params)}
          </Callout>
        )}
        {changed && (
          <Callout role="status" tone="success">
            {t('profile.password.changed')}
          </Callout>
        )}
        <TextField label={t('profile.password.current')} type="password" autoComplete="current-password" maxLength={128} disabled={readOnly} {...field('currentPassword')} />
        <NewPasswordFields labels={{ password: t('profile.password.new'), confirm: t('profile.password.confirm') }} field={field} ruleId={ids.rule} unmet={unmet} disabled={readOnly} />
        <Cluster>
          <Button type="submit" variant="primary" disabled={readOnly} busy={busy}>
            {t('profile.password.submit')}
          </Button>
        </Cluster>
      </form>
    </Card>
  );
}
