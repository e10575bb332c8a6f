import { useId } from 'react';
import { t } from '../../i18n';
import type { ObjectHome } from '../../api/contract/common';
import { useActors } from '../actors';
import { Button } from './button';
import { EmptyState } from './states';

/**
 * What a link opened belongs to another of the person's companies: the screen says whose it is and
 * offers the switch, instead of "it no longer exists". Once the session acts for that company the screen reads it.
 */
export function OtherCompany({ home, text }: {
  /** The company that has it. */
  home: ObjectHome;
  /** What it is, in the reader's words ("This report belongs to …"). */
  text: string;
}) {
  const { session } = useActors();
  const id = useId();
  return (
    <EmptyState
      heading={{ id }}
      title={t('elsewhere.title')}
      body={text}
      action={
        <Button variant="primary" onClick={() => session.send({ type: 'company.switch', companyId: home.companyId })}>
          {t('elsewhere.switch', { company: home.companyName })}
        </Button>
      }
    />
  );
}
