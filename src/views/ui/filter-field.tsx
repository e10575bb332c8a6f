import { useId } from 'react';
import { t } from '../../i18n';
import * as s from './form.css';
import * as r from './list-parts.css';

/** A list's name filter (the list's machine debounces it); `/` from anywhere on the page focuses it ([data-list-filter]). */
export function FilterField({ value, onChange, onDown }: { value: string; onChange: (value: string) => void; /** ArrowDown: to the list. */ onDown?: () => void }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={r.filter}>
      <label htmlFor={id} className={r.filterLabel}>
        {t('manage.filter')}
      </label>
      <input
        id={id}
        type="search"
        className={s.input}
        value={value}
        data-list-filter
        aria-describedby={hintId}
        aria-keyshortcuts="/"
        autoComplete="off"
        maxLength={200}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          // Down from the filter goes to the list, as in a combobox: type, then walk the matches.
          if (e.key === 'ArrowDown' && onDown) {
            e.preventDefault();
            onDown();
          }
        }}
      />
      <span id={hintId} className={r.hint}>
        {t('manage.filterHint')}
      </span>
    </div>
  );
}
