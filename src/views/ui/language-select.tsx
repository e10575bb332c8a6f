import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { availableLocales, LANGUAGE_NAMES, t, type Locale } from '../../i18n';
import * as f from './inline-field.css';

/** The language choice, offered on sign-in and in the top bar; each language is named in itself. */
export function LanguageSelect() {
  const { preferences } = useActors();
  const locale = useSelector(preferences, (s) => s.context.locale);
  const id = useId();
  return (
    <span className={f.inlineField}>
      <label htmlFor={id}>{t('topbar.language')}</label>
      <select id={id} className={f.smallSelect} value={locale} onChange={(e) => preferences.send({ type: 'preferences.language', locale: e.target.value as Locale })}>
        {availableLocales().map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
