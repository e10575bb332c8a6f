import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { inlineField } from './inline-field.css';
import { companySelect } from './company-select.css';

/**
 * The company the session acts for, and the switch to another: the top bar's dropdown (its widths in
 * company-select.css.ts), also offered where a screen waits for a company. The current company stays listed before the list arrives.
 */
export function CompanySelect({ fieldClassName = inlineField, selectClassName = companySelect, labelledBy }: {
  /** The label-and-select wrapper (the phone's menu stacks them). */
  fieldClassName?: string;
  selectClassName?: string;
  /** The id of a heading that names the select instead of its own "Company" label (a block titled "Choose a company"). */
  labelledBy?: string;
}) {
  const { session, companies } = useActors();
  const companyId = useSelector(session, (s) => s.context.session?.companyId ?? '');
  const companyName = useSelector(session, (s) => s.context.session?.companyName ?? '');
  const switching = useSelector(session, (s) => s.matches({ signedIn: { activity: 'switching' } }));
  const isShadow = useSelector(session, (s) => s.context.session?.isShadow ?? false);
  const list = useSelector(companies, (s) => s.context.companies);
  const id = useId();
  const options = list.some((c) => c.id === companyId) || !companyId ? list : [{ id: companyId, name: companyName, customerType: 'UKE' as const }, ...list];
  return (
    <span className={fieldClassName}>
      {!labelledBy && <label htmlFor={id}>{t('topbar.company')}</label>}
      <select
        id={id}
        aria-labelledby={labelledBy}
        className={selectClassName}
        value={companyId}
        disabled={switching || (isShadow && options.length <= 1)}
        onChange={(e) => e.target.value && session.send({ type: 'company.switch', companyId: e.target.value })}
      >
        {!companyId && <option value="">{t('topbar.noCompany')}</option>}
        {options.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </span>
  );
}
