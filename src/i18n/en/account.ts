/** Sign-up, forgot and reset password, My Profile. */
export const account = {} as const;
