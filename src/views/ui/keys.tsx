import { t } from '../../i18n';
import * as p from './keys.css';
import { visuallyHidden } from './a11y.css';

/** A shortcut as keys: "g d" shows as g then d. */
export function Keys({ keys }: { keys: string }) {
  const parts = keys.split(' ');
  return (
    <span>
      <span className={visuallyHidden}>{parts.join(` ${t('shortcuts.then')} `)}</span>
      {parts.map((k, i) => (
        <span key={i} aria-hidden="true">
          {i > 0 ? ' ' : ''}
          <kbd className={p.kbd}>{k}</kbd>
        </span>
      ))}
    </span>
  );
}
