import { resourceApi } from './resource.api';
import { signalType, type SignalType, type SignalTypeChange, type SignalTypeInput } from './contract/signal-types';

/** `/api/signal-types` (docs/product.md, Management). */
export const signalTypesApi = resourceApi<SignalType, SignalTypeInput, SignalTypeChange>('signal-types', signalType);
