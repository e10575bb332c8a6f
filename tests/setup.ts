import { addLocale } from '../src/i18n';
import { en } from '../src/i18n/en';

// The app starts with the start-up part of English and loads the rest before any other page (src/i18n/load.ts); tests
// render those pages and run their machines directly, so they start with all of it.
addLocale('en', en);
