import { NotFoundView } from '../errors/error-pages';

/** Placeholder until the companies screens land. */
export function CompaniesView() {
  return <NotFoundView />;
}
export function MyCompaniesView() {
  return <NotFoundView />;
}
