import { NotFoundView } from '../errors/error-pages';

/** Placeholder until external sign-in lands. */
export function ExternalCallbackView() {
  return <NotFoundView />;
}
