import { signalTypesApi } from '../api/signal-types.api';
import {
  signalTypeChange, signalTypeInput, type SignalType, type SignalTypeChange, type SignalTypeInput,
} from '../api/contract/signal-types';
import { listAndFormMachine } from './list-and-form.machine';

export interface SignalTypeValues {
  key: string;
  name: string;
  unit: string;
  kind: SignalTypeInput['kind'];
}

/** Signal types: the list-and-form machine on `/api/signal-types`, built-in types listed beside the company's. */
export const signalTypesMachine = listAndFormMachine<SignalType, SignalTypeValues, SignalTypeInput, SignalTypeChange>({
  id: 'signalTypes',
  perCompany: 'signal-types',
  api: signalTypesApi,
  schema: signalTypeInput,
  blank: () => ({ key: '', name: '', unit: '', kind: 'instant' }),
  valuesOf: (s) => ({ key: s.key, name: s.name, unit: s.unit, kind: s.kind }),
  toInput: (v) => ({ key: v.key, name: v.name, unit: v.unit, kind: v.kind }),
  // Integrations and alert rules name a type by its key, so the key stays as created.
  update: { schema: signalTypeChange, toInput: (v) => ({ name: v.name, unit: v.unit, kind: v.kind }) },
  nameOf: (s) => s.name,
  fieldKeys: { key: { invalid_format: 'signalTypes.keyRule' } },
  defaultSort: 'name',
});

/** Whether the signed-in role may change a type: built-in types are the platform's, changed by its admins only. */
export const mayChangeSignalType = (role: string | undefined, type: SignalType) => !type.builtIn || role === 'admin';
