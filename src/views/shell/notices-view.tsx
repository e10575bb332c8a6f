import { useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { t } from '../../i18n';
import * as n from './shell.css';

/** The notices of the session and other machines; errors are announced assertively. */
export function NoticesView() {
  const { notices } = useActors();
  const list = useSelector(notices, (st) => st.context.notices);
  return (
    <div className={n.notices}>
      {list.map((item) => (
        <div key={item.id} role={item.level === 'error' ? 'alert' : 'status'} className={n.notice[item.level]}>
          <span aria-hidden="true" className={n.noticeSymbol[item.level]}>
            {item.level === 'error' ? '✕' : item.level === 'warning' ? '▲' : 'ℹ'}
          </span>
          <span className={n.noticeLabel}>{t(item.level === 'error' ? 'notice.error' : item.level === 'warning' ? 'notice.warning' : 'notice.info')}:</span>{' '}
          <span>{t(item.key, item.params)}</span>
          <button type="button" className={n.dismiss} aria-label={t('notice.dismiss')} onClick={() => notices.send({ type: 'notice.dismiss', id: item.id })}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** The global loading indicator, driven by the loading machine. */
export function LoadingIndicator() {
  const { loading } = useActors();
  const busy = useSelector(loading, (st) => st.hasTag('busy'));
  return busy ? <div className={n.loadingBar} role="progressbar" aria-label={t('loading.busy')} /> : null;
}
