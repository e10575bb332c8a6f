/**
 * The kit's class names, for the few spots where a screen still writes its own markup (a table cell, a dialog's
 * failure line). Prefer the components (Page, Card, Callout, InputField …); these carry the same look.
 */
export { field, label, input } from './form.css';
export { errorText, infoText } from './callout.css';
export { visuallyHidden } from './a11y.css';
export { title, subtitle, muted } from './layout.css';
