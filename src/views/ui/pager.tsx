import { formatNumber, t } from '../../i18n';
import { Button } from './button';
import * as r from './list-parts.css';

/** A list's pages: where the shown rows sit in the whole ("21–40 of 75"), and the previous and next pages. */
export function Pager({ offset, limit, total, shown, onPage }: { offset: number; limit: number; total: number; shown: number; onPage: (offset: number) => void }) {
  if (total === 0) return null;
  return (
    <nav className={r.pager} aria-label={t('manage.rows', { count: formatNumber(total) })}>
      <span aria-live="polite" className={r.pagerRange}>
        {t('manage.range', { from: formatNumber(offset + 1), to: formatNumber(offset + shown), total: formatNumber(total) })}
      </span>
      <Button size="sm" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - limit))}>
        {t('manage.previous')}
      </Button>
      <Button size="sm" disabled={offset + shown >= total} onClick={() => onPage(offset + limit)}>
        {t('manage.next')}
      </Button>
    </nav>
  );
}
