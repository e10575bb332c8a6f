import { NotFoundView } from '../errors/error-pages';

/** Placeholder until the page is built; routes already point here. */
export function ForgotPasswordView() {
  return <NotFoundView />;
}
