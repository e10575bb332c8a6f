import { Component, type ReactNode } from 'react';
import { t, type I18nKey } from '../../i18n';
import { AuthHeading, AuthPage } from '../ui/auth-page';
import { Button, ButtonLink } from '../ui/button';
import { ErrorState } from '../ui/states';

function Message({ title, body }: { title: I18nKey; body: I18nKey }) {
  return (
    <AuthPage>
      <AuthHeading title={t(title)} subtitle={t(body)} />
      <ButtonLink href="/" variant="primary" size="lg" block>
        {t('error.backHome')}
      </ButtonLink>
    </AuthPage>
  );
}

export const NotFoundView = () => <Message title="notFound.title" body="notFound.body" />;
export const ServerErrorView = () => <Message title="serverError.title" body="serverError.body" />;
export const MaintenanceView = () => <Message title="maintenance.title" body="maintenance.body" />;

/** docs/product.md, Errors: when a page's code fails to load, say so and offer a working reload. */
export class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorState
        message={t('loadFailed.message')}
        action={
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('loadFailed.reload')}
          </Button>
        }
      />
    );
  }
}
