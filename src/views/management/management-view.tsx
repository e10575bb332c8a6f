import { NotFoundView } from '../errors/error-pages';

/** Placeholder until the white-label settings screen lands. */
export function ManagementView() {
  return <NotFoundView />;
}
