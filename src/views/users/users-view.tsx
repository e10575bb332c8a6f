import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatDate, t, type I18nKey } from '../../i18n';
import { isMember, usersMachine, type UserValues } from '../../machines/users.machine';
import type { UserRow } from '../../api/users.api';
import type { MembershipRole } from '../../api/contract/common';
import { ResourceScreen, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { CheckboxField, InputField, SelectField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import * as c from '../ui/controls.css';
import * as st from '../ui/status.css';
import { mayManage } from '../../api/contract/roles';

const ROLES: MembershipRole[] = ['manager', 'user', 'viewer'];
const roleLabel = (r: MembershipRole) => t(`users.role.${r}` as I18nKey);

/** Active, disabled or invited, by colour and symbol together. */
function Status({ user }: { user: UserRow }) {
  const [tone, mark, key]: [keyof typeof st.tone, string, I18nKey] = user.disabled
    ? ['bad', '⊘', 'users.status.disabled']
    : user.invitedAt
      ? ['warn', '✉', 'users.status.invited']
      : ['good', '●', 'users.status.active'];
  return (
    <span className={st.tone[tone]}>
      <span aria-hidden="true">{mark}</span> {t(key)}
    </span>
  );
}

/** Users (managers; admins acting for a company, or everyone with `all`). `?new=1` opens the invitation. */
export const UsersView = freshPerSearch(UsersScreen);

function UsersScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (s) => s.context.session?.role);
  const canShadow = useSelector(session, (s) => s.context.session?.role === 'admin' && !s.context.session?.isShadow);
  const me = useSelector(session, (s) => s.context.session?.basicInfo.id);
  // One's own membership is not changed here (the server refuses it): a member row of someone else.
  const canEdit = useMemo(() => (u: UserRow) => isMember(u) && u.id !== me, [me]);
  // An admin acting for no company has no members to list: the platform's users are what the screen can show.
  const everyone = useSelector(session, (s) => s.context.session?.role === 'admin' && !s.context.session?.companyId);
  const actor = useActorRef(usersMachine, { input: { startNew, filters: everyone ? { all: '1' } : undefined } });
  const all = useSelector(actor, (s) => s.context.filters.all === '1');
  const roleFilter = useSelector(actor, (s) => s.context.filters.role ?? '');
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('users.name'), sortKey: 'name', text: (u: UserRow) => u.name || u.email }), [locale]);
  const columns = useMemo(
    (): Column<UserRow>[] => [
      { id: 'email', header: t('users.email'), sortKey: 'email', width: '2fr', cell: (u) => u.email },
      all
        ? {
            id: 'companies',
            header: t('users.companies'),
            width: '2fr',
            cell: (u) =>
              isMember(u) ? roleLabel(u.role) : u.platformRole ? t('users.platformAdmin') : u.companies.map((m) => `${m.companyName} (${roleLabel(m.role)})`).join(', '),
          }
        : { id: 'role', header: t('users.role'), sortKey: 'role', width: '8rem', cell: (u) => (isMember(u) ? roleLabel(u.role) : '') },
      { id: 'status', header: t('users.status'), width: '8rem', phone: true, cell: (u) => <Status user={u} /> },
      {
        id: 'lastLoginAt',
        header: t('users.lastLogin'),
        sortKey: 'lastLoginAt',
        width: '11rem',
        cell: (u) => (u.lastLoginAt ? formatDate(new Date(u.lastLoginAt)) : t('users.never')),
      },
    ],
    [all, locale],
  );
  // Admins who are not shadowing may act as anyone but another admin (the server refuses that too).
  const rowActions = useMemo(
    () =>
      canShadow
        ? (u: UserRow) =>
            !('platformRole' in u && u.platformRole) && (
              <button type="button" className={c.button} tabIndex={-1} aria-label={t('users.shadow', { name: u.name || u.email })} onClick={() => session.send({ type: 'shadow.user', userId: u.id })}>
                {t('users.shadowShort')}
              </button>
            )
        : undefined,
    [canShadow, session, locale],
  );
  return (
    <ResourceScreen<UserRow, UserValues>
      actor={actor}
      labels={screenLabels('users')}
      name={name}
      columns={columns}
      canWrite={!all && mayManage(role)}
      canEdit={canEdit}
      rowActions={rowActions}
      actionsWidth={canShadow ? '12rem' : undefined}
      saveLabel={(editing) => (editing ? t('manage.save') : t('users.invite'))}
      filters={
        <>
          {role === 'admin' && (
            <SelectField
              label={t('users.scope')}
              value={all ? '1' : ''}
              options={[{ value: '1', label: t('users.scope.all') }]}
              placeholder={t('users.scope.company')}
              onChange={(v) => actor.send({ type: 'list.where', name: 'all', value: v })}
              onBlur={() => {}}
            />
          )}
          <SelectField
            label={t('users.roleFilter')}
            value={roleFilter}
            options={ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
            placeholder={t('users.anyRole')}
            onChange={(v) => actor.send({ type: 'list.where', name: 'role', value: v })}
            onBlur={() => {}}
          />
        </>
      }
      form={(f) => (
        <>
          {f.editing ? (
            <p>
              <strong>{f.values.name}</strong> · {f.values.email}
              <br />
              <small>{t('users.fixed')}</small>
            </p>
          ) : (
            <>
              <InputField label={t('users.email')} type="email" autoComplete="off" maxLength={254} {...f.text('email')} />
              <InputField label={t('users.name')} maxLength={200} {...f.text('name')} />
            </>
          )}
          <SelectField
            label={t('users.role')}
            value={f.values.role}
            options={ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
            messages={f.errors.role}
            onChange={(v) => f.change('role', v as MembershipRole)}
            onBlur={() => f.blur('role')}
          />
          {f.editing && <CheckboxField label={t('users.disabled')} hint={t('users.disabledHint')} checked={f.values.disabled} onChange={(v) => f.change('disabled', v)} />}
        </>
      )}
    />
  );
}
