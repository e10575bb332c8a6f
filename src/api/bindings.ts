/**
 * What the running app plugs into the api layer: where the token comes from and who hears about calls. Kept apart
 * from client.ts so the start-up bundle can bind without loading ky and the contract.
 */
export interface RequestMeta {
  method: string;
  path: string;
  ignoreLoading: boolean;
  /** Public calls (sign-in and friends) carry no token and report no failure to the session. */
  isPublic: boolean;
  /** The access token the call carried, once it has one: the session judges a refusal against the token it holds now. */
  token?: string | null;
}

/** The one failure code that means no answer arrived at all (docs/product.md, Errors); every other is "any other error". */
export const NETWORK_ERROR = 'network_error';

/** A failure as reported to the bindings; ApiError in client.ts has this shape. */
export interface ReportedFailure {
  status: number;
  code: string;
  message: string;
}

/**
 * Thrown by `getAccessToken` when no token can be had (the refresh before the call failed): the call never went out,
 * and its failure is the refresh's, status and code as the refresh got them.
 */
export class TokenUnavailableError extends Error {
  constructor(readonly failure: ReportedFailure) {
    super(failure.message);
    this.name = 'TokenUnavailableError';
  }
}

export interface ApiBindings {
  getAccessToken(): Promise<string | null>;
  onStart(meta: RequestMeta): void;
  onEnd(meta: RequestMeta): void;
  onSuccess(meta: RequestMeta): void;
  onFailure(error: ReportedFailure, meta: RequestMeta): void;
}

const noop = () => {};
export const bindings: ApiBindings = {
  getAccessToken: async () => null,
  onStart: noop,
  onEnd: noop,
  onSuccess: noop,
  onFailure: noop,
};

export function bindApi(next: Partial<ApiBindings>): void {
  Object.assign(bindings, next);
}
