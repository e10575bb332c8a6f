import { useId, type ReactNode } from 'react';
import { t } from '../../i18n';
import { CompanySelect } from './company-select';
import { Cluster } from './layout';
import { EmptyState } from './states';

/**
 * A company's screen while the session acts for none (a platform admin right after sign-in): it says so and offers
 * the company picker. The screen asks nothing meanwhile; once a company is chosen its machine reads it.
 */
export function ChooseCompany({ body, action }: {
  /** What the screen shows once a company is chosen; a general line when absent. */
  body?: string;
  /** Another way on, beside the picker (the Admin Dashboard). */
  action?: ReactNode;
}) {
  const id = useId();
  return (
    <EmptyState
      heading={{ id }}
      title={t('company.choose')}
      body={body ?? t('company.chooseBody')}
      action={
        <Cluster justify="center">
          <CompanySelect labelledBy={id} />
          {action}
        </Cluster>
      }
    />
  );
}
