import { useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { t } from '../../i18n';
import * as f from './frame.css';

/** While shadowing: who or what is shadowed, always visible, with Exit. */
export function ShadowBanner() {
  const { session } = useActors();
  const shadow = useSelector(session, (s) => s.context.session?.shadow ?? null);
  const exiting = useSelector(session, (s) => s.matches({ signedIn: { activity: 'exitingShadow' } }));
  if (!shadow) return null;
  return (
    <div role="status" className={f.banner}>
      <span aria-hidden="true" className={f.bannerSymbol}>
        ▲
      </span>
      <span className={f.bannerText}>{t(shadow.kind === 'company' ? 'shadow.banner.company' : 'shadow.banner.user', { name: shadow.name, actor: shadow.actorName })}</span>
      <button type="button" className={f.bannerButton} disabled={exiting} onClick={() => session.send({ type: 'shadow.exit' })}>
        {t('shadow.exit')}
      </button>
    </div>
  );
}
