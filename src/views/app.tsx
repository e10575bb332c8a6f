import { useSelector } from '@xstate/react';
import { useActors } from './actors';
import { Routes } from './routes';
import { LoadingIndicator, NoticesView } from './shell/notices-view';

export function App() {
  const { preferences } = useActors();
  // Keyed by language so every text re-renders when it changes; t() reads the active dictionary.
  const locale = useSelector(preferences, (s) => s.context.locale);
  return (
    <div key={locale}>
      <LoadingIndicator />
      <NoticesView />
      <Routes />
    </div>
  );
}
